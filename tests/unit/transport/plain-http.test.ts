// Credentials over TLS only (provider/transport/plain-http.ts): which URLs count as this machine's
// loopback, what a refusal says (the setting and the URL, never a credential), the settings that
// refuse a plain-HTTP API or token URL, and the send-time guards of the transport and the token
// client, which refuse before anything is sent. URLs that must never be dialled use 0.0.0.0 or
// names under .invalid, so that even a broken guard sends nothing off this machine.
import { ClientCredentialsToken } from "../../../provider/transport/auth";
import type { TokenSource } from "../../../provider/transport/auth";
import { Transport } from "../../../provider/transport/http";
import {
  PlainHttpRefused,
  inClear,
  isLoopbackHost,
  plainHttpAllowed,
  plainHttpProblem,
} from "../../../provider/transport/plain-http";
import { resolveSettings } from "../../../provider/transport/settings";
import type { ConfigLookup } from "../../../provider/transport/settings";

const hostOf = (url: string) => new URL(url).hostname;

describe("loopback", () => {
  it.each([
    "http://127.0.0.1:4010",
    "http://127.255.3.9",
    "http://127.1", // WHATWG URL writes it 127.0.0.1
    "http://[::1]:8080",
    "http://[0:0:0:0:0:0:0:1]",
    "http://localhost:4010",
    "http://LOCALHOST.",
    "http://emulator.localhost",
  ])("%s is loopback", (url) => {
    expect(isLoopbackHost(hostOf(url))).toBe(true);
    expect(inClear(url)).toBeUndefined();
  });

  it.each([
    "http://0.0.0.0:4010",
    "http://10.0.0.1",
    "http://128.0.0.1",
    "http://localhost.example.invalid",
    "http://127.0.0.1.example.invalid",
    "http://api.redpanda.com",
    "HTTP://API.EXAMPLE.INVALID:8080/dp/x",
  ])("%s is plain HTTP off this machine", (url) => {
    expect(inClear(url)?.protocol).toBe("http:");
  });

  it.each([
    "https://api.example.invalid",
    "api.example.invalid:443", // no scheme: sent to https://
    "not a url",
  ])("%s carries nothing in clear", (url) => {
    expect(inClear(url)).toBeUndefined();
  });
});

describe("plainHttpProblem", () => {
  it("names the subject and the URL, without user info or query, and the way out", () => {
    const problem = plainHttpProblem(
      "Topic dataplaneApiUrl",
      "http://user:pw-value@dp.example.invalid/dp/x?token=tok-value",
      "the credentials",
      false,
    );
    expect(problem).toBe(
      'Topic dataplaneApiUrl "http://dp.example.invalid/dp/x" is plain HTTP to a host that is not ' +
        "loopback: the credentials would cross the network in clear. Use https:// (every Redpanda " +
        "Cloud endpoint serves it); to allow plain HTTP on purpose (a test proxy), set " +
        "REDPANDA_ALLOW_PLAIN_HTTP=true.",
    );
    expect(problem).not.toMatch(/pw-value|tok-value|user/);
  });

  it("has nothing to say once plain HTTP is allowed", () => {
    expect(plainHttpProblem("x", "http://api.example.invalid", "it", true)).toBeUndefined();
  });

  it.each([
    [undefined, false],
    ["", false],
    ["0", false],
    ["false", false],
    ["1", true],
    [" TRUE ", true],
  ])("REDPANDA_ALLOW_PLAIN_HTTP=%j allows plain HTTP: %s", (value, allowed) => {
    expect(plainHttpAllowed({ REDPANDA_ALLOW_PLAIN_HTTP: value })).toBe(allowed);
  });

  it("refuses an opt-in that is not a boolean, naming the variable", () => {
    expect(() => plainHttpAllowed({ REDPANDA_ALLOW_PLAIN_HTTP: "yes please" })).toThrow(
      'REDPANDA_ALLOW_PLAIN_HTTP must be true or false, got "yes please".',
    );
  });
});

describe("the settings", () => {
  const from =
    (values: Record<string, string>): ConfigLookup =>
    (key) =>
      values[key];
  const refusal = (config: ConfigLookup, env: NodeJS.ProcessEnv = {}): Error =>
    (() => {
      try {
        resolveSettings(config, env);
      } catch (err) {
        return err as Error;
      }
      throw new Error("accepted");
    })();

  it("refuse a plain-HTTP API URL off this machine, naming the setting, never the token", () => {
    const err = refusal(from({ apiUrl: "http://api.example.invalid", accessToken: "tok-value" }));
    expect(err).toBeInstanceOf(PlainHttpRefused);
    expect(err.message).toMatch(
      /^redpanda:apiUrl \(REDPANDA_API_URL\) "http:\/\/api\.example\.invalid" is plain HTTP .*: the API token would cross the network in clear\./,
    );
    expect(err.message).not.toContain("tok-value");
    // The environment's value is refused alike.
    expect(refusal(from({}), { REDPANDA_API_URL: "http://api.example.invalid" }).message).toMatch(
      /^redpanda:apiUrl \(REDPANDA_API_URL\) "http:\/\/api\.example\.invalid"/,
    );
  });

  it("refuse a plain-HTTP token URL when the client credentials are used, never the secret", () => {
    const clientCredentials = {
      apiUrl: "https://api.example.invalid",
      clientId: "cid",
      clientSecret: "secret-value",
      authUrl: "http://auth.example.invalid/oauth/token",
    };
    const err = refusal(from(clientCredentials));
    expect(err.message).toMatch(
      /^redpanda:authUrl \(REDPANDA_AUTH_URL\) "http:\/\/auth\.example\.invalid\/oauth\/token" .*: the client secret would cross/,
    );
    expect(err.message).not.toContain("secret-value");
    // An access token wins over the client credentials: the token URL is never asked.
    expect(() =>
      resolveSettings(from({ ...clientCredentials, accessToken: "tok" }), {}),
    ).not.toThrow();
  });

  it("take plain HTTP on loopback as it is, and anywhere with the opt-in", () => {
    const loopback = { apiUrl: "http://127.0.0.1:4010", accessToken: "t" };
    expect(resolveSettings(from(loopback), {})).toMatchObject({ allowPlainHttp: false });
    const elsewhere = from({ apiUrl: "http://proxy.example.invalid:8080", accessToken: "t" });
    expect(resolveSettings(elsewhere, { REDPANDA_ALLOW_PLAIN_HTTP: "true" })).toMatchObject({
      apiUrl: "http://proxy.example.invalid:8080",
      allowPlainHttp: true,
    });
  });
});

describe("the send-time guards", () => {
  /** A token source that counts how often it was asked. */
  const counting = (): TokenSource & { asked: number } => ({
    asked: 0,
    refreshable: false,
    async token() {
      this.asked += 1;
      return "tok-value";
    },
    invalidate() {},
  });

  it("refuse a request in clear before asking for a token or sending anything", async () => {
    const auth = counting();
    const transport = new Transport({ auth });
    const refused = await transport
      .request({ method: "GET", url: "http://0.0.0.0:9/v1/topics", idempotent: true })
      .catch((e: unknown) => e as Error);
    expect(refused).toBeInstanceOf(PlainHttpRefused);
    expect((refused as Error).message).toMatch(
      /^GET \/v1\/topics was not sent: its URL "http:\/\/0\.0\.0\.0:9\/v1\/topics" is plain HTTP .*: its credentials would cross/,
    );
    // HTTP Basic credentials (a Schema Registry user) are refused alike.
    await expect(
      transport.request({
        method: "GET",
        url: "http://0.0.0.0:9/sr/x/subjects",
        idempotent: true,
        basicAuth: { username: "u", password: "pw-value" },
      }),
    ).rejects.toThrow(/^GET \/sr\/x\/subjects was not sent/);
    expect([auth.asked, transport.attempts]).toEqual([0, 0]);
  });

  it("refuse the token request in clear, whatever built its options", async () => {
    const source = new ClientCredentialsToken({
      clientId: "cid",
      clientSecret: "secret-value",
      authUrl: "http://0.0.0.0:9/oauth/token",
      audience: "aud",
    });
    const err = (await source.token().catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(PlainHttpRefused);
    expect(err.message).toMatch(/^The token request was not sent: its URL "http:\/\/0\.0\.0\.0:9/);
    expect(err.message).not.toContain("secret-value");
    expect(source.requests).toBe(0);
  });
});
