// The attempt budget of each request class (docs/reliability.md, "Attempt budget"), counted at a
// real HTTP server on loopback: the transport, createOnce and the waiter as shipped, with only
// the clock faked (sleeps advance it at once), so the default budget is tested in milliseconds.
import * as http from "node:http";
import * as z from "zod";
import type { AddressInfo } from "node:net";
import { ClientCredentialsToken, StaticToken } from "../../../provider/transport/auth";
import type { TokenSource } from "../../../provider/transport/auth";
import { ApiError, DeadlineError, RedpandaError } from "../../../provider/errors";
import { createOnce } from "../../../provider/retry/create-once";
import { withRetry } from "../../../provider/transport/http";
import { ATTEMPT_BUDGETS } from "../../../provider/retry/when";
import { waitForOperation } from "../../../provider/retry/waiter";
import type { RetryRuntime } from "../../../provider/retry/when";
import { DEFAULT_RETRY_POLICY } from "../../../provider/retry/when";
import { WHETHER, classify, isTransient, whether } from "../../../provider/retry/whether";
import { Transport } from "../../../provider/transport/http";
import { DataPlaneClient } from "../../../provider/transport/dataplane";
import { lintPipelineConfig } from "../../../provider/kinds/pipeline/api";

/** What the server answers: a status for every request (and a Retry-After for 429s). */
let answer = { status: 503, retryAfter: undefined as string | undefined };
/** Requests received, `METHOD /path` each. */
let received: string[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    if (req.url === "/oauth/token") {
      res.writeHead(503, { "content-type": "application/json" }).end("{}");
      return;
    }
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (answer.retryAfter !== undefined) headers["retry-after"] = answer.retryAfter;
    res.writeHead(answer.status, headers).end(JSON.stringify({ code: "X", message: "scripted" }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  answer = { status: 503, retryAfter: undefined };
  received = [];
});

/** A clock that only sleeps move: every wait of the default budget takes no real time. */
function fakeClock(): RetryRuntime {
  let now = 1_000_000;
  return { now: () => now, random: () => 0.5, sleep: async (ms) => void (now += ms) };
}

function transport(
  options: { deadlineMs?: number; auth?: TokenSource; onRetry?: () => void } = {},
): Transport {
  return new Transport({
    auth: options.auth ?? new StaticToken("t"),
    onRetry: options.onRetry,
    runtime: fakeClock(),
    retry: { ...DEFAULT_RETRY_POLICY, deadlineMs: options.deadlineMs ?? 120_000 },
  });
}

const get = (t: Transport, path: string) =>
  t.request({ method: "GET", url: `${base}${path}`, idempotent: true });
const post = (t: Transport, path: string) =>
  t.request({ method: "POST", url: `${base}${path}`, idempotent: false, body: {} });

describe("attempt budget per request class, against a server answering 503 (or 429) forever", () => {
  it("a read: exactly 8 sends", async () => {
    const t = transport();
    await expect(get(t, "/v1/things/a")).rejects.toMatchObject({ status: 503 });
    expect(received).toHaveLength(8);
    expect(t.attempts).toBe(ATTEMPT_BUDGETS.read.maxAttempts);
  });

  it("an idempotent write: exactly 8 sends", async () => {
    const t = transport();
    const del = t.request({ method: "DELETE", url: `${base}/v1/things/a`, idempotent: true });
    await expect(del).rejects.toMatchObject({ status: 503 });
    expect(received).toEqual(Array.from({ length: 8 }, () => "DELETE /v1/things/a"));
  });

  it("a non-idempotent POST on its own: 1 send on 503 (ambiguous), 8 on 429", async () => {
    const t = transport();
    await expect(post(t, "/v1/things")).rejects.toMatchObject({ status: 503 });
    expect(received).toEqual(["POST /v1/things"]);
    answer = { status: 429, retryAfter: "1" };
    received = [];
    await expect(post(t, "/v1/things")).rejects.toMatchObject({ status: 429 });
    expect(received).toHaveLength(8);
  });

  it("a create through createOnce: the POST and its lookups share one budget of 8 sends", async () => {
    const t = transport();
    const err = await createOnce({
      describe: 'thing "a"',
      client: t,
      create: (t) => post(t, "/v1/things"),
      lookup: (t) => get(t, "/v1/things?name=a").then(() => undefined),
      matches: () => true,
      runtime: fakeClock(),
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    // The POST's answer is ambiguous, so it is looked up before any second POST; each lookup
    // fails, and is looked up again — never 8 × 8 requests.
    expect(received).toEqual([
      "POST /v1/things",
      ...Array.from({ length: 7 }, () => "GET /v1/things?name=a"),
    ]);
  });

  it("a create answered 429 forever: 8 POSTs, each retry in the transport's progress log", async () => {
    answer = { status: 429, retryAfter: "1" };
    let logged = 0;
    const t = transport({ onRetry: () => void (logged += 1) });
    await expect(
      createOnce({
        describe: 'thing "a"',
        client: t,
        create: (t) => post(t, "/v1/things"),
        lookup: async () => undefined,
        matches: () => true,
        runtime: fakeClock(),
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(received).toEqual(Array.from({ length: 8 }, () => "POST /v1/things"));
    expect(logged).toBe(7);
  });

  it("an operation poll: each poll one send, the wait ends after 5 failed polls in a row (not 40)", async () => {
    let logged = 0;
    const t = transport({ onRetry: () => void (logged += 1) });
    const err = await waitForOperation(
      (id, t) =>
        get(t, `/v1/operations/${id}`) as Promise<{ id: string; type: string; state: string }>,
      "op1",
      { client: t, deadlineMs: 3_600_000, runtime: fakeClock() },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503 });
    expect(received).toEqual(Array.from({ length: 5 }, () => "GET /v1/operations/op1"));
    expect(logged).toBe(4); // each failed poll but the last is logged as a retry
  });

  it("an operation poll answered 429 forever: 5 sends too", async () => {
    answer = { status: 429, retryAfter: "2" };
    const t = transport();
    await expect(
      waitForOperation(
        (id, t) =>
          get(t, `/v1/operations/${id}`) as Promise<{ id: string; type: string; state: string }>,
        "op1",
        { client: t, deadlineMs: 3_600_000, runtime: fakeClock() },
      ),
    ).rejects.toMatchObject({ status: 429 });
    expect(received).toHaveLength(5);
  });

  it("a token fetch: one send, and the request that needed it fails without sending", async () => {
    const auth = new ClientCredentialsToken({
      clientId: "id",
      clientSecret: "secret",
      authUrl: `${base}/oauth/token`,
      audience: "a",
    });
    const t = transport({ auth });
    await expect(get(t, "/v1/things/a")).rejects.toBeInstanceOf(RedpandaError);
    expect(received).toEqual(["POST /oauth/token"]);
  });

  it("a pipeline lint: one send, 503 or 429 alike (the caller warns and goes on)", async () => {
    const lint = () => lintPipelineConfig(new DataPlaneClient(transport(), base), "input: {}\n");
    await expect(lint()).rejects.toMatchObject({ status: 503 });
    expect(received).toEqual(["POST /v1/redpanda-connect/pipelines:lint-config"]);
    answer = { status: 429, retryAfter: "1" };
    received = [];
    await expect(lint()).rejects.toMatchObject({ status: 429 });
    expect(received).toHaveLength(ATTEMPT_BUDGETS.lint.maxAttempts);
  });

  it("the deadline (redpanda:requestDeadlineSeconds) ends a read before its 8 attempts", async () => {
    // Waits of 125, 250, 500 ms (full jitter at 0.5); the next, 1 s, would pass the 1 s deadline.
    const t = transport({ deadlineMs: 1_000 });
    const err = await get(t, "/v1/things/a").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeadlineError);
    expect((err as DeadlineError).message).toMatch(/Gave up after 4 attempts in 1 s/);
    expect(received).toHaveLength(4);
  });

  it("a retry loop around a request makes it a single attempt: 8 sends, not 8 × 8", async () => {
    const t = transport();
    await expect(
      withRetry((attempt) => get(t.within(attempt), "/v1/things/a"), {
        idempotent: true,
        runtime: fakeClock(),
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(received).toHaveLength(8);
  });
});

describe("a data-plane client bound to an attempt", () => {
  it("sends once per request, shares the unbound client's list caches, and loads them as its own request", async () => {
    const dp = new DataPlaneClient(transport(), base);
    const bound = dp.within({ n: 1, sends: 0 });
    await expect(bound.get("/v1/things/a", z.object({}))).rejects.toMatchObject({ status: 503 });
    expect(received).toHaveLength(1);
    received = [];
    const loadedBy: DataPlaneClient[] = [];
    const load = async (alone: DataPlaneClient) => {
      loadedBy.push(alone);
      return "list";
    };
    const cache = bound.listCache("topics", load);
    expect(dp.listCache("topics", load)).toBe(cache);
    expect(await cache.get()).toBe("list");
    // The load is given the unbound client: its request is a logical request of its own.
    expect(loadedBy).toEqual([dp]);
    await expect(loadedBy[0]!.get("/v1/things/a", z.object({}))).rejects.toMatchObject({
      status: 503,
    });
    expect(received).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
  });
});

describe("the whether table", () => {
  const err = (status: number, final = false) =>
    new ApiError({ status, code: "X", apiMessage: "x", method: "GET", path: "/", final });

  it("agrees with isTransient: transient is exactly 'retry' for an idempotent request", () => {
    for (const e of [0, 400, 401, 403, 404, 409, 429, 500, 502, 503, 504].map((s) => err(s)))
      expect([e.status, isTransient(e)]).toEqual([e.status, whether(e, "idempotent") === "retry"]);
    expect(isTransient(err(0, true))).toBe(false);
    expect(whether(err(0, true), "idempotent")).toBe("give-up");
  });

  it("never retries a non-idempotent request whose effect is unknown", () => {
    for (const s of [0, 502, 503, 504]) expect(whether(err(s), "non-idempotent")).toBe("ambiguous");
    expect(WHETHER[classify(err(429))]["non-idempotent"]).toBe("retry");
    expect(whether(new Error("bug"), "idempotent")).toBe("give-up");
  });
});
