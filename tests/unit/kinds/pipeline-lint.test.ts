// A pipeline's configYaml linted by its cluster's Redpanda Connect (provider/kinds/pipeline/lint.ts),
// through the provider's check and create as the lifecycle runs them, against a real HTTP server on
// loopback standing in for a data plane: each hint is a failure of configYaml naming the pipeline,
// the line, the column and the hint; nothing is linted while the address or the configuration is
// unknown, nor a configuration the stack already runs; a create lints before it makes anything; a
// lint that cannot be had (404, 501, no answer) is a warning and never blocks.
import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { makeProvider, UNKNOWN } from "../../../provider/runtime/lifecycle";
import { pipeline } from "../../../provider/kinds/pipeline/spec";
import { testContext } from "../../support/call-context";

/** Requests received, `METHOD /path` each, with the lint bodies. */
let received: string[] = [];
let linted: unknown[] = [];
let server: http.Server;
let base: string;

/**
 * The data planes at `/dp/<mode>`: `ok` lints (a component named `genrate` is not found, at its
 * line, as Redpanda Connect says it) and runs pipelines; `old404` and `old501` answer the lint as
 * a service without it would.
 */
function answer(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
  const mode = /^\/dp\/([^/]+)/.exec(req.url ?? "")?.[1];
  const json = (status: number, value: unknown): void =>
    void res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
  if (req.url?.endsWith("/v1/redpanda-connect/pipelines:lint-config")) {
    if (mode === "old404") return json(404, { code: "NOT_FOUND", message: "Not Found" });
    if (mode === "old501") return json(501, { code: "UNIMPLEMENTED", message: "unknown method" });
    const yaml = (JSON.parse(body) as { config_yaml: string }).config_yaml;
    linted.push(yaml);
    const lines = yaml.split("\n");
    const at = lines.findIndex((l) => l.trim() === "genrate:");
    return json(200, {
      lint_hints:
        at < 0
          ? []
          : [
              {
                line: at + 1,
                column: 1,
                hint: "unable to infer component type: genrate",
                lint_type: "LintComponentMissing",
              },
            ],
    });
  }
  // The pipeline routes: a create, and its reads (stopped, as the inputs ask).
  return json(200, {
    pipeline: { id: "p-1", display_name: "orders-copy", config_yaml: "x", state: "STATE_STOPPED" },
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString()));
    req.on("end", () => {
      received.push(`${req.method} ${req.url}`);
      answer(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
beforeEach(() => {
  received = [];
  linted = [];
});

const p = makeProvider(pipeline);
const LINT = "/v1/redpanda-connect/pipelines:lint-config";

/** A call context on the server; its kept lines go to `lines`. */
function context(lines: string[] = []) {
  const config: Record<string, string> = { apiUrl: base, accessToken: "t" };
  return testContext((k) => config[k], lines);
}

const MISSPELLED = "input:\n  genrate:\n    mapping: root = {}\noutput:\n  drop: {}\n";
const FIXED = MISSPELLED.replace("genrate:", "generate:");
const inputs = (mode: string, configYaml: string, extra: Record<string, unknown> = {}) => ({
  _rpType: "Pipeline",
  dataplaneApiUrl: `${base}/dp/${mode}`,
  displayName: "orders-copy",
  configYaml,
  state: "stopped",
  ...extra,
});

describe("at preview (the check's preflight)", () => {
  it("refuses a misspelled component naming the pipeline, the line, the column and the hint", async () => {
    const { failures } = await p.check({}, inputs("ok", MISSPELLED), context());
    expect(failures).toEqual([
      {
        property: "configYaml",
        reason:
          'Pipeline "orders-copy": configYaml line 2, column 1: unable to infer component type: genrate',
      },
    ]);
    expect(received).toEqual([`POST /dp/ok${LINT}`]);
    expect(linted).toEqual([MISSPELLED]);
  });

  it("passes the same configuration fixed", async () => {
    expect((await p.check({}, inputs("ok", FIXED), context())).failures).toEqual([]);
    expect(received).toEqual([`POST /dp/ok${LINT}`]);
  });

  it("lints nothing while the cluster's address or the configuration is unknown", async () => {
    const unknownUrl = { ...inputs("ok", MISSPELLED), dataplaneApiUrl: UNKNOWN };
    expect((await p.check({}, unknownUrl, context())).failures).toEqual([]);
    const unknownYaml = inputs("ok", UNKNOWN);
    expect((await p.check({}, unknownYaml, context())).failures).toEqual([]);
    expect(received).toEqual([]);
  });

  it("does not lint again a configuration the stack already runs at that address", async () => {
    const olds = inputs("ok", MISSPELLED + "# kept\n");
    expect((await p.check(olds, olds, context())).failures).toEqual([]);
    expect(received).toEqual([]);
  });

  it.each([
    ["old404", "HTTP 404 NOT_FOUND: this data plane has no lint (an older service)"],
    ["old501", "HTTP 501 UNIMPLEMENTED: this data plane has no lint (an older service)"],
  ])("goes on with a warning when the data plane has no lint (%s)", async (mode, why) => {
    const lines: string[] = [];
    const { failures } = await p.check({}, inputs(mode, MISSPELLED), context(lines));
    expect(failures).toEqual([]);
    expect(received).toEqual([`POST /dp/${mode}${LINT}`]);
    expect(lines).toEqual([
      `[redpanda] Pipeline "orders-copy": configYaml was not linted (POST …/pipelines:lint-config: ${why}); going on without the lint`,
    ]);
  });

  it("goes on with a warning when nothing answers, after one send", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const lines: string[] = [];
    const silent = {
      ...inputs("ok", MISSPELLED),
      dataplaneApiUrl: `http://127.0.0.1:${port}/dp/x`,
    };
    const started = Date.now();
    expect((await p.check({}, silent, context(lines))).failures).toEqual([]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(lines).toEqual([
      `[redpanda] Pipeline "orders-copy": configYaml was not linted (POST …/pipelines:lint-config: no answer: connection to 127.0.0.1:${port} failed (ECONNREFUSED)); going on without the lint`,
    ]);
  });
});

describe("at create, for a preview that did not know the cluster's address", () => {
  it("refuses with the same words before making anything", async () => {
    const config = MISSPELLED.replace("drop: {}", "drop: {} # at create");
    const err = (await p.create(inputs("ok", config), context()).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe(
      'Pipeline "orders-copy": configYaml line 2, column 1: unable to infer component type: genrate',
    );
    expect(received).toEqual([`POST /dp/ok${LINT}`]);
  });

  it("creates a configuration that passes, linting it first", async () => {
    const config = FIXED.replace("drop: {}", "drop: {} # at create");
    const made = await p.create(inputs("ok", config), context());
    expect(made.id).toBe("p-1");
    expect(received.slice(0, 2)).toEqual([
      `POST /dp/ok${LINT}`,
      "POST /dp/ok/v1/redpanda-connect/pipelines",
    ]);
  });

  it("does not ask again what this process's check linted at that address", async () => {
    const config = FIXED.replace("drop: {}", "drop: {} # checked, then created");
    const ctx = context();
    expect((await p.check({}, inputs("ok", config), ctx)).failures).toEqual([]);
    await p.create(inputs("ok", config), ctx);
    expect(received.filter((r) => r.endsWith(LINT))).toHaveLength(1);
  });

  it("goes on with a warning, once, when the data plane has no lint", async () => {
    const lines: string[] = [];
    const ctx = context(lines);
    const config = MISSPELLED.replace("drop: {}", "drop: {} # an older service");
    expect((await p.check({}, inputs("old404", config), ctx)).failures).toEqual([]);
    const made = await p.create(inputs("old404", config), ctx);
    expect(made.id).toBe("p-1");
    expect(lines.filter((l) => l.includes("not linted"))).toHaveLength(1);
    expect(received).toEqual([
      `POST /dp/old404${LINT}`,
      "POST /dp/old404/v1/redpanda-connect/pipelines",
      "GET /dp/old404/v1/redpanda-connect/pipelines/p-1",
    ]);
  });
});
