// Client-credentials tokens on disk across runs: one file, 0600, keyed by endpoint, audience and
// client id, never the secret; expiry honoured with the margin; a refused token is dropped.
import * as fs from "node:fs";
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { ClientCredentialsToken } from "../../../provider/transport/auth";
import {
  FileTokenStore,
  defaultTokenCachePath,
  tokenCacheDisabled,
} from "../../../provider/transport/token-cache";

let server: http.Server;
let url: string;
let issued = 0;
let dir: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      issued += 1;
      res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: `tok-${issued}`, expires_in: 3600 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  issued = 0;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "rp-token-cache-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A new provider process: a new source over the same file. */
function run(now: () => number, clientId = "id", audience = "aud") {
  const file = path.join(dir, "sub", "tokens.json");
  return new ClientCredentialsToken({
    clientId,
    clientSecret: "the-client-secret",
    authUrl: url,
    audience,
    now,
    store: new FileTokenStore(file, now),
  });
}

it("reuses an earlier run's token until the margin before expiry; the file is 0600 without the secret", async () => {
  let now = 1_000_000;
  const clock = () => now;
  expect(await run(clock).token()).toBe("tok-1");
  const second = run(clock);
  expect(await second.token()).toBe("tok-1");
  expect(second.requests).toBe(0);

  const file = path.join(dir, "sub", "tokens.json");
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  const text = fs.readFileSync(file, "utf8");
  expect(text).toContain("tok-1");
  expect(text).not.toContain("the-client-secret");

  now += 3_545_000; // 55 s before expiry: inside the 60 s margin, a new token
  expect(await run(clock).token()).toBe("tok-2");
  expect(issued).toBe(2);
});

it("keys tokens by client id and audience", async () => {
  const clock = () => 0;
  expect(await run(clock, "a").token()).toBe("tok-1");
  expect(await run(clock, "b").token()).toBe("tok-2");
  expect(await run(clock, "a", "other").token()).toBe("tok-3");
  expect(await run(clock, "a").token()).toBe("tok-1");
  expect(issued).toBe(3);
});

it("drops a refused token from the file, so the next run fetches a new one", async () => {
  const clock = () => 0;
  const first = run(clock);
  const token = await first.token();
  first.invalidate(token);
  const next = run(clock);
  expect(await next.token()).toBe("tok-2");
  expect(next.requests).toBe(1);
});

it("ignores a file it cannot read", async () => {
  const file = path.join(dir, "sub", "tokens.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "{not json");
  expect(await run(() => 0).token()).toBe("tok-1");
  expect(JSON.parse(fs.readFileSync(file, "utf8")).version).toBe(1);
});

it("lives in the user's cache directory and turns off with REDPANDA_TOKEN_CACHE_DISABLE", () => {
  if (process.platform === "linux") {
    expect(defaultTokenCachePath({ XDG_CACHE_HOME: "/x" })).toBe(
      "/x/pulumi-redpanda-cloud/tokens.json",
    );
  }
  expect(tokenCacheDisabled({ REDPANDA_TOKEN_CACHE_DISABLE: "1" })).toBe(true);
  expect(tokenCacheDisabled({ REDPANDA_TOKEN_CACHE_DISABLE: "true" })).toBe(true);
  expect(tokenCacheDisabled({ REDPANDA_TOKEN_CACHE_DISABLE: "0" })).toBe(false);
  expect(tokenCacheDisabled({})).toBe(false);
});
