/**
 * Starts the real emulator on port 0 for one test file, validates every response it sends against
 * the vendor OpenAPI, and offers small helpers for the admin API.
 */
import type { RunningEmulator, EmulatorOptions, ResponseRecord } from "../../emulator";
import { startEmulator } from "../../emulator";
import { OpenApiValidator } from "./openapi";

export const TOKEN = "test-token";

/** Parsed JSON of a response; tests read into it freely and assert what they find. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ResponseBody = any;

export interface TestEmulator {
  emu: RunningEmulator;
  validator: OpenApiValidator;
  records: ResponseRecord[];
  /** fetch against the control plane (or an absolute data-plane URL) with the test token. */
  call(
    method: string,
    url: string,
    body?: unknown,
    token?: string | null,
  ): Promise<{ status: number; body: ResponseBody; headers: Headers }>;
  admin(method: string, path: string, body?: unknown): Promise<unknown>;
  close(): Promise<void>;
}

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const validator = new OpenApiValidator();
  const records: ResponseRecord[] = [];
  const emu = await startEmulator({
    port: 0,
    tokens: [TOKEN],
    speed: 0.02,
    admin: true,
    ...options,
    onResponse: (r) => {
      records.push(r);
      validator.check(r);
    },
  });
  const call: TestEmulator["call"] = async (method, url, body, token = TOKEN) => {
    const headers: Record<string, string> = {};
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url.startsWith("http") ? url : `${emu.url}${url}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  };
  return {
    emu,
    validator,
    records,
    call,
    admin: async (method, path, body) => (await call(method, path, body)).body,
    close: () => emu.close(),
  };
}

/** Polls until `fn` returns a truthy value (emulator transitions take tens of milliseconds). */
export async function eventually<T>(
  fn: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() - start > timeoutMs) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Polls a long-running operation until it leaves STATE_IN_PROGRESS; returns it (done or failed). */
export async function operationDone(t: TestEmulator, id: string): Promise<ResponseBody> {
  return eventually(async () => {
    const { body } = await t.call("GET", `/v1/operations/${id}`);
    return body.operation.state !== "STATE_IN_PROGRESS" ? body.operation : undefined;
  });
}

/**
 * A serverless cluster (the quickest kind to become READY) in a new resource group, waited on:
 * its record as the API returns it once READY.
 */
export async function readyServerlessCluster(t: TestEmulator, name: string): Promise<ResponseBody> {
  const rg = await t.call("POST", "/v1/resource-groups", { resource_group: { name } });
  const op = await t.call("POST", "/v1/serverless/clusters", {
    serverless_cluster: {
      name: `${name}-sl`,
      resource_group_id: rg.body.resource_group.id,
      serverless_region: "us-east-1",
    },
  });
  await operationDone(t, op.body.operation.id);
  const id = op.body.operation.resource_id as string;
  return eventually(async () => {
    const c = (await t.call("GET", `/v1/serverless/clusters/${id}`)).body.serverless_cluster;
    return c.state === "STATE_READY" ? c : undefined;
  });
}

/** Asserts that every response was valid against the vendor OpenAPI and says how many were checked. */
export function expectAllResponsesValid(t: TestEmulator, file: string): void {
  const { validated, skipped, failures, requestsValidated, requestFailures } = t.validator.report;
  process.stdout.write(
    `OpenAPI validation (${file}): ${validated} responses validated, ${failures.length} failed, ${skipped} without a body; ${requestsValidated} requests validated, ${requestFailures.length} failed\n`,
  );
  expect(failures).toEqual([]);
  expect(requestFailures).toEqual([]);
}

/** Points the provider runtime (as the shim's `configure` would) at this emulator, deletion allowed. */
export async function configureRuntime(t: TestEmulator): Promise<void> {
  const { v1 } = await import("../../provider/runtime-entry");
  const config: Record<string, string> = {
    "redpanda:apiUrl": t.emu.url,
    "redpanda:accessToken": TOKEN,
    // The stack-wide opt-out of the deletion guard: these tests delete and replace what they make.
    "redpanda:allowDeletion": "true",
  };
  await v1("configure", [{ config: { get: (k: string) => config[k] } }]);
}
