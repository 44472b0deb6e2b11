// The client core against the real emulator with scripted faults: exact attempts and outcomes.
import { ClientCredentialsToken, StaticToken } from "../../../provider/transport/auth";
import { ControlPlaneClient } from "../../../provider/transport/controlplane";
import { createOnce } from "../../../provider/retry/create-once";
import { ApiError, OperationError, RedpandaError } from "../../../provider/errors";
import { Transport } from "../../../provider/transport/http";
import type { RetryPolicy } from "../../../provider/retry/when";
import { waitForOperation } from "../../../provider/retry/waiter";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../../support/emulator";
import {
  createResourceGroup,
  listResourceGroups,
} from "../../../provider/kinds/resource-group/api";
import { createNetwork } from "../../../provider/kinds/network/api";

let t: TestEmulator;
const fast: RetryPolicy = { baseDelayMs: 10, maxDelayMs: 50, maxAttempts: 5, deadlineMs: 10_000 };

function client(opts: { timeoutMs?: number } = {}): {
  cp: ControlPlaneClient;
  transport: Transport;
} {
  const transport = new Transport({
    auth: new StaticToken(TOKEN),
    retry: fast,
    requestTimeoutMs: opts.timeoutMs ?? 5_000,
  });
  return { cp: new ControlPlaneClient(transport, t.emu.url), transport };
}

async function count(route: string): Promise<number> {
  const log = (await t.admin("GET", "/_admin/requests")) as { counts: Record<string, number> };
  return log.counts[route] ?? 0;
}

beforeAll(async () => {
  t = await startTestEmulator();
});
beforeEach(async () => {
  await t.admin("DELETE", "/_admin/faults");
  await t.admin("DELETE", "/_admin/requests");
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "client-transport");
});

it("waits out 429 with Retry-After, then succeeds: 2 attempts", async () => {
  const { cp, transport } = client();
  await t.admin("POST", "/_admin/faults", {
    method: "GET",
    path: "^/v1/resource-groups$",
    status: 429,
    retryAfterSeconds: 1,
  });
  const start = Date.now();
  await expect(listResourceGroups(cp)).resolves.toEqual([]);
  expect(Date.now() - start).toBeGreaterThanOrEqual(950);
  expect(transport.attempts).toBe(2);
  expect(await count("GET /v1/resource-groups")).toBe(2);
});

it("holds back on the host's quota header before the first 429: 60 reads under 20/s, none refused", async () => {
  const { cp } = client();
  await t.admin("POST", "/_admin/rate-limit", { rps: 20 });
  try {
    await Promise.all(Array.from({ length: 60 }, () => listResourceGroups(cp)));
  } finally {
    await t.admin("POST", "/_admin/rate-limit", {});
  }
  const log = (await t.admin("GET", "/_admin/requests")) as { entries: { status: number }[] };
  expect(log.entries.map((e) => e.status).filter((s) => s === 429)).toEqual([]);
  expect(log.entries).toHaveLength(60);
});
it("retries 503 twice on a GET: 3 attempts", async () => {
  const { cp, transport } = client();
  await t.admin("POST", "/_admin/faults", { path: "^/v1/resource-groups$", status: 503, times: 2 });
  await listResourceGroups(cp);
  expect(transport.attempts).toBe(3);
});

it("retries a GET whose connection was reset, and one that outlived the request timeout", async () => {
  const { cp, transport } = client({ timeoutMs: 300 });
  await t.admin("POST", "/_admin/faults", { path: "^/v1/resource-groups$", reset: true });
  await t.admin("POST", "/_admin/faults", { path: "^/v1/resource-groups$", delayMs: 800 });
  await listResourceGroups(cp);
  expect(transport.attempts).toBe(3);
});

it("gives up on persistent 503 after maxAttempts with the API's words", async () => {
  const { cp, transport } = client();
  await t.admin("POST", "/_admin/faults", {
    path: "^/v1/resource-groups$",
    status: 503,
    times: 10,
  });
  const err = (await listResourceGroups(cp).catch((e: unknown) => e)) as ApiError;
  expect(err).toBeInstanceOf(ApiError);
  expect(err.message).toBe(
    "GET /v1/resource-groups failed: HTTP 503 UNAVAILABLE (REASON_SERVER_ERROR): scripted fault: 503",
  );
  expect(transport.attempts).toBe(5);
});

it("never re-sends a create after a reset without looking first; the retry creates exactly one", async () => {
  const { cp, transport } = client();
  await t.admin("POST", "/_admin/faults", {
    method: "POST",
    path: "^/v1/resource-groups$",
    reset: true,
  });
  const created = await createOnce({
    describe: 'resource group "once"',
    create: () => createResourceGroup(cp, "once"),
    lookup: async () => (await listResourceGroups(cp, "once")).find((g) => g.name === "once"),
    matches: () => true,
    policy: fast,
  });
  expect(created.found).toBe(false);
  expect((await listResourceGroups(cp, "once")).length).toBe(1);
  expect(await count("POST /v1/resource-groups")).toBe(2);
  expect(transport.attempts).toBe(4); // POST (reset), lookup GET, POST, final list GET
});

it("treats ALREADY_EXISTS as ours only when it matches", async () => {
  const { cp } = client();
  const existing = await createResourceGroup(cp, "taken");
  const lookup = async () =>
    (await listResourceGroups(cp, "taken")).find((g) => g.name === "taken");
  const ours = await createOnce({
    describe: 'resource group "taken"',
    create: () => createResourceGroup(cp, "taken"),
    lookup,
    matches: (g) => g.id === existing.id,
    policy: fast,
  });
  expect(ours).toEqual({ value: existing, found: true });
  const theirs = await createOnce({
    describe: 'resource group "taken"',
    create: () => createResourceGroup(cp, "taken"),
    lookup,
    matches: () => false,
    policy: fast,
  }).catch((e: unknown) => e);
  expect(theirs).toBeInstanceOf(RedpandaError);
  expect((theirs as Error).message).toMatch(
    /^resource group "taken" already exists and does not match/,
  );
});

it("refreshes an OAuth2 token once on 401 and retries", async () => {
  const sa = await t.call("POST", "/v1/service-accounts", {
    service_account: { name: "client-core" },
  });
  const creds = sa.body.service_account.auth0_client_credentials;
  const source = new ClientCredentialsToken({
    clientId: creds.client_id,
    clientSecret: creds.client_secret,
    authUrl: t.emu.tokenUrl,
    audience: "cloudv2-production.redpanda.cloud",
  });
  const transport = new Transport({ auth: source, retry: fast });
  const cp = new ControlPlaneClient(transport, t.emu.url);
  await listResourceGroups(cp);
  await t.admin("POST", "/_admin/revoke-tokens");
  await listResourceGroups(cp);
  expect(source.requests).toBe(2);
  expect(transport.attempts).toBe(3);
});

it("reports a FAILED operation with its code, message and resource id", async () => {
  const { cp } = client();
  const rg = await createResourceGroup(cp, "ops");
  await t.admin("POST", "/_admin/operation-faults", {
    type: "TYPE_CREATE_NETWORK",
    code: "FAILED_PRECONDITION",
    message: "quota exceeded",
  });
  const op = await createNetwork(cp, {
    name: "ops-net",
    resource_group_id: rg.id,
    cloud_provider: "CLOUD_PROVIDER_AWS",
    region: "us-east-1",
    cluster_type: "TYPE_DEDICATED",
    cidr_block: "10.20.0.0/20",
  });
  const err = (await waitForOperation((id) => cp.getOperation(id), op.id, {
    deadlineMs: 10_000,
  }).catch((e: unknown) => e)) as OperationError;
  expect(err).toBeInstanceOf(OperationError);
  expect(err.message).toBe(
    `operation ${op.id} (TYPE_CREATE_NETWORK) for ${op.resource_id} failed: FAILED_PRECONDITION quota exceeded`,
  );
  expect(err.resourceId).toBe(op.resource_id);
});

it("turns field violations into a message that names the field", async () => {
  const { cp } = client();
  const err = (await createResourceGroup(cp, "bad name!").catch((e: unknown) => e)) as ApiError;
  expect(err.code).toBe("INVALID_ARGUMENT");
  expect(err.fieldViolations).toEqual([
    {
      field: "resource_group.name",
      description: "value does not match regex pattern `^[a-zA-Z0-9-]+$`",
    },
  ]);
  expect(err.message).toContain("resource_group.name: value does not match");
});

describe("an address where nothing listens", () => {
  const patient: RetryPolicy = {
    baseDelayMs: 50,
    maxDelayMs: 200,
    maxAttempts: 100,
    deadlineMs: 4_000,
  };
  /** A loopback port that was just free: connections to it are refused. */
  async function closedPort(): Promise<string> {
    const net = await import("node:net");
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as { port: number };
    await new Promise((r) => server.close(r));
    return `http://127.0.0.1:${port}`;
  }

  it("fails within the grace when the host has never answered, saying it could not be reached", async () => {
    const transport = new Transport({
      auth: new StaticToken(TOKEN),
      retry: patient,
      unreachableGraceMs: 500,
    });
    const cp = new ControlPlaneClient(transport, await closedPort());
    const start = Date.now();
    const err = (await listResourceGroups(cp).catch((e: unknown) => e)) as ApiError;
    const took = Date.now() - start;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toMatch(/ECONNREFUSED.*nothing has answered.*could not be reached/s);
    expect(took).toBeLessThan(2_000);
    // A second call on the same address fails at once: the grace is per host, not per request.
    const again = Date.now();
    await expect(listResourceGroups(cp)).rejects.toThrow(/could not be reached/);
    expect(Date.now() - again).toBeLessThan(500);
  });

  it("keeps the patient policy for a host that has answered before (an outage mid-run)", async () => {
    const transport = new Transport({
      auth: new StaticToken(TOKEN),
      retry: patient,
      unreachableGraceMs: 500,
    });
    const url = await closedPort();
    // The host answers once (a throwaway emulator on that port), then goes away.
    const { startEmulator } = await import("../../../emulator");
    const emu = await startEmulator({ port: Number(new URL(url).port), tokens: [TOKEN] });
    const cp = new ControlPlaneClient(transport, url);
    await listResourceGroups(cp);
    await emu.close();
    const start = Date.now();
    await expect(listResourceGroups(cp)).rejects.toThrow(/Gave up after \d+ attempts/);
    expect(Date.now() - start).toBeGreaterThan(3_000);
  });
});
