import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { ClientCredentialsToken } from "../../../provider/transport/auth";
import { resolveSettings, tokenSourceFor } from "../../../provider/transport/settings";

describe("resolveSettings", () => {
  it("prefers stack config, falls back to the Terraform provider's env names, then defaults", () => {
    const config: Record<string, string> = { apiUrl: "https://cfg", clientId: "from-config" };
    const s = resolveSettings((k) => config[k], {
      REDPANDA_CLIENT_ID: "from-env",
      REDPANDA_CLIENT_SECRET: "sec",
      REDPANDA_ACCESS_TOKEN: "",
    });
    expect(s).toEqual({
      apiUrl: "https://cfg",
      accessToken: undefined,
      clientId: "from-config",
      clientSecret: "sec",
      authUrl: "https://auth.prd.cloud.redpanda.com/oauth/token",
      audience: "cloudv2-production.redpanda.cloud",
      requestTimeoutMs: 30_000,
      maxConcurrentPerHost: 5,
      adaptiveRate: true,
      allowPlainHttp: false,
    });
  });

  it.each([
    ["false", false],
    ["0", false],
    ["TRUE", true],
  ])("reads redpanda:adaptiveRate %s as %s", (raw, expected) => {
    expect(resolveSettings((k) => (k === "adaptiveRate" ? raw : undefined), {}).adaptiveRate).toBe(
      expected,
    );
  });

  it("rejects an adaptiveRate that is not a boolean, with the key named", () => {
    expect(() => resolveSettings(() => undefined, { REDPANDA_ADAPTIVE_RATE: "sometimes" })).toThrow(
      'redpanda:adaptiveRate must be true or false, got "sometimes".',
    );
  });

  it("says which settings to provide when there are no credentials", () => {
    const s = resolveSettings(() => undefined, {});
    expect(() => tokenSourceFor(s)).toThrow(
      /set redpanda:accessToken, or redpanda:clientId and redpanda:clientSecret/,
    );
  });

  it("rejects a bad number with the key named", () => {
    expect(() =>
      resolveSettings((k) => (k === "requestTimeoutMs" ? "soon" : undefined), {}),
    ).toThrow('redpanda:requestTimeoutMs must be a positive number, got "soon".');
  });
});

describe("ClientCredentialsToken", () => {
  let server: http.Server;
  let url: string;
  let issued = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (d: Buffer) => (body += d.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        setTimeout(() => {
          if (form.get("client_secret") !== "s3cret") {
            res
              .writeHead(401, { "content-type": "application/json" })
              .end(JSON.stringify({ error: "access_denied", error_description: "Unauthorized" }));
            return;
          }
          issued += 1;
          res.writeHead(200, { "content-type": "application/json" }).end(
            JSON.stringify({
              access_token: `tok-${issued}`,
              token_type: "Bearer",
              expires_in: 3600,
              audience: form.get("audience"),
            }),
          );
        }, 20);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("requests one token for many concurrent callers and caches it until shortly before expiry", async () => {
    let now = 0;
    const source = new ClientCredentialsToken({
      clientId: "id",
      clientSecret: "s3cret",
      authUrl: url,
      audience: "aud",
      now: () => now,
    });
    const tokens = await Promise.all(Array.from({ length: 20 }, () => source.token()));
    expect(new Set(tokens)).toEqual(new Set(["tok-1"]));
    expect(source.requests).toBe(1);
    now = 3_500_000; // 100 s before expiry: still cached (refresh starts 60 s before)
    expect(await source.token()).toBe("tok-1");
    now = 3_545_000; // 55 s before expiry: refresh
    expect(await source.token()).toBe("tok-2");
    source.invalidate("tok-2");
    expect(await source.token()).toBe("tok-3");
    expect(source.requests).toBe(3);
  });

  it("fails with a message that names the client but never the secret", async () => {
    const source = new ClientCredentialsToken({
      clientId: "id",
      clientSecret: "wrong-secret-value",
      authUrl: url,
      audience: "aud",
    });
    const err = (await source.token().catch((e: unknown) => e)) as Error;
    expect(err.message).toContain("refused client id: HTTP 401 access_denied: Unauthorized");
    expect(err.message).not.toContain("wrong-secret-value");
  });
});
