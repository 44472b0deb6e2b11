// The error catalogue through the real CLI: for each common mistake, the exact message a user
// sees in `pulumi`'s Diagnostics, once, and no stack trace of this package's internals anywhere in
// the output. docs/errors.md is this catalogue; the test checks it (ERRORS_DOC=write rewrites it).
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { VALID_ARGS } from "../support/bad-inputs";
import { TOKEN } from "../support/emulator";
import { REPO_ROOT } from "../support/pulumi";
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const fs = require("fs");
const path = require("path");
const redpanda = require("pulumi-redpanda-cloud");
const c = JSON.parse(fs.readFileSync(path.join(__dirname, "case.json"), "utf8"));
new redpanda[c.kind]("subject", c.args);
`;

const DEAD = "http://127.0.0.1:9";
/** Added once nothing has answered at the address for 15 s: whether it has by then varies. */
const NOTHING = "[; nothing has answered there in <n> s]";
const UNREACHABLE =
  "The API could not be reached; check redpanda:apiUrl (a data-plane resource: its dataplaneApiUrl) and the network.";
const DOC = path.join(REPO_ROOT, "docs", "errors.md");
const IN_CLEAR = "http://0.0.0.0:9";
const TLS_FIX =
  "Use https:// (every Redpanda Cloud endpoint serves it); to allow plain HTTP on purpose (a test proxy), set REDPANDA_ALLOW_PLAIN_HTTP=true.";

interface Mistake {
  mistake: string;
  kind: string;
  args: Record<string, unknown>;
  /** `preview` unless the problem shows only when the API is called. */
  op: "preview" | "up";
  /** Stack config for this case only. */
  config?: Record<string, string>;
  /** What the Diagnostics say about the resource, ids and ports written as placeholders. */
  message: string;
}

const is = (kind: string, changes: Record<string, unknown>) => ({
  kind,
  args: { ...VALID_ARGS[kind], ...changes },
});
const problem = (kind: string, property: string, value: string, reason: string) =>
  `pulumi-nodejs:dynamic/redpanda:${kind} resource 'subject': property ${property} value {${value}} has a problem: ${kind} ${reason}`;

const MISTAKES: Mistake[] = [
  {
    mistake: "a misspelt input name",
    ...is("Network", { regoin: "us-east-1" }),
    op: "preview",
    message: problem(
      "Network",
      "regoin",
      "us-east-1",
      'has no input "regoin"; did you mean "region"?',
    ),
  },
  {
    mistake: "a value outside an enum",
    ...is("Network", { cloudProvider: "CLOUD_PROVIDER_AWX" }),
    op: "preview",
    message: problem(
      "Network",
      "cloudProvider",
      "CLOUD_PROVIDER_AWX",
      "cloudProvider must be one of CLOUD_PROVIDER_AWS, CLOUD_PROVIDER_GCP, CLOUD_PROVIDER_AZURE",
    ),
  },
  {
    mistake: "a required input left out",
    ...is("Network", { region: undefined }),
    op: "preview",
    message: problem("Network", "region", "<nil>", "region is required"),
  },
  {
    mistake: "a public CIDR block",
    ...is("Network", { cidrBlock: "8.8.0.0/16" }),
    op: "preview",
    message: problem(
      "Network",
      "cidrBlock",
      "8.8.0.0/16",
      'cidrBlock "8.8.0.0/16" is not a private range: use a block within 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 (a BYOC network may also use 100.64.0.0/10)',
    ),
  },
  {
    mistake: "the BYOC-only range on a Dedicated network",
    ...is("Network", { cidrBlock: "100.64.0.0/16" }),
    op: "preview",
    message: problem(
      "Network",
      "cidrBlock",
      "100.64.0.0/16",
      'cidrBlock "100.64.0.0/16" lies in 100.64.0.0/10, which only BYOC networks (clusterType TYPE_BYOC) may use: use a block within 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16',
    ),
  },
  {
    mistake: "a zone of another region",
    ...is("Cluster", { zones: ["use2-az1"] }),
    op: "preview",
    message: problem(
      "Cluster",
      "zones",
      "[{use2-az1}]",
      "zones use2-az1 are not zones of us-east-1; its zones: use1-az1, use1-az2, use1-az4, use1-az5, use1-az6",
    ),
  },
  {
    mistake: "a throughput tier the region does not offer",
    // Checked by the API at create (the vendor's Region lists no tiers): its refusal lists them.
    ...is("Cluster", { throughputTier: "tier-9-aws-v3-arm" }),
    op: "up",
    message:
      "POST /v1/clusters failed: HTTP 400 FAILED_PRECONDITION (REASON_THROUGHPUT_TIER_NOT_AVAILABLE_IN_REGION): throughput tier tier-9-aws-v3-arm is not available for TYPE_DEDICATED clusters in us-east-1; available: tier-1-aws-v3-arm, tier-2-aws-v3-arm, tier-3-aws-v3-arm, tier-4-aws-v3-arm, tier-5-aws-v3-arm, tier-1-aws-v2-arm",
  },
  {
    mistake: "a region the cloud does not have",
    ...is("Network", { region: "us-central1" }),
    op: "preview",
    message: problem(
      "Network",
      "region",
      "us-central1",
      "region us-central1 is not offered for Dedicated clusters on CLOUD_PROVIDER_AWS; offered: ap-northeast-1, ap-south-1, ap-southeast-1, ap-southeast-2, ca-central-1, eu-central-1, eu-west-1, eu-west-2, eu-west-3, us-east-1, us-east-2, us-west-2",
    ),
  },
  {
    mistake: "a number out of range",
    ...is("Topic", { replicationFactor: 7 }),
    op: "preview",
    message: problem("Topic", "replicationFactor", "7", "replicationFactor must be at most 5"),
  },
  {
    mistake: "an unknown topic config",
    ...is("Topic", { configs: { "retention.msx": "86400000" } }),
    op: "preview",
    message: problem(
      "Topic",
      "configs",
      "map[retention.msx:{86400000}]",
      'configs "retention.msx" is not a Redpanda topic property; did you mean "retention.ms"? (see https://docs.redpanda.com/current/reference/properties/topic-properties/)',
    ),
  },
  {
    mistake: "a topic config value of the wrong type",
    ...is("Topic", { configs: { "retention.ms": "7d" } }),
    op: "preview",
    message: problem(
      "Topic",
      "configs",
      "map[retention.ms:{7d}]",
      'configs "retention.ms" is "7d"; it must be a whole number',
    ),
  },
  {
    mistake: "a wrong access token",
    ...is("ResourceGroup", {}),
    op: "up",
    config: { "redpanda:accessToken": "not-the-token" },
    message:
      "POST /v1/resource-groups failed: HTTP 401 UNAUTHENTICATED (REASON_TOKEN_INVALID): Bearer [REDACTED] is invalid\n" +
      "Check the credentials: set redpanda:accessToken, or redpanda:clientId and redpanda:clientSecret (or REDPANDA_ACCESS_TOKEN / REDPANDA_CLIENT_ID / REDPANDA_CLIENT_SECRET).",
  },
  {
    mistake: "a wrong API address (redpanda:apiUrl)",
    ...is("ResourceGroup", {}),
    op: "up",
    config: { "redpanda:apiUrl": DEAD },
    message: `GET /v1/resource-groups failed: UNAVAILABLE: connection to 127.0.0.1:9 failed (ECONNREFUSED)${NOTHING}\n${UNREACHABLE}`,
  },
  {
    mistake: "an API address in plain HTTP (redpanda:apiUrl)",
    ...is("ResourceGroup", {}),
    op: "preview",
    // 0.0.0.0 is not loopback to the rule; were the check broken, nothing would leave the machine.
    config: { "redpanda:apiUrl": IN_CLEAR },
    message:
      `pulumi-nodejs:dynamic/redpanda:ResourceGroup resource 'subject' has a problem: redpanda:apiUrl (REDPANDA_API_URL) "${IN_CLEAR}" ` +
      `is plain HTTP to a host that is not loopback: the API token would cross the network in clear. ${TLS_FIX}`,
  },
  {
    mistake: "a data-plane address in plain HTTP (dataplaneApiUrl)",
    ...is("Topic", { dataplaneApiUrl: `${IN_CLEAR}/dp/aaaaaaaaaaaaaaaaaaaa` }),
    op: "preview",
    message: problem(
      "Topic",
      "dataplaneApiUrl",
      `${IN_CLEAR}/dp/<id>`,
      `dataplaneApiUrl "${IN_CLEAR}/dp/<id>" is plain HTTP to a host that is not loopback: the credentials would cross the network in clear. ${TLS_FIX}`,
    ),
  },
];

const RECORDED_MISTAKE =
  "a refresh after fixing redpanda:apiUrl (the address recorded at the last up)";
const RECORDED_MESSAGE =
  `GET /v1/resource-groups/<id> failed: UNAVAILABLE: connection to <address at the last up> failed (ECONNREFUSED)${NOTHING}\n${UNREACHABLE}\n` +
  "A refresh uses the redpanda:* settings recorded at the last `pulumi up`, not those set since: if you changed redpanda:apiUrl or the credentials, run `pulumi refresh --run-program` (or `pulumi up`) to use the current ones.";

/** The error blocks of the Diagnostics section, per resource name, placeholders substituted. */
function diagnostics(output: string, replace: [string, string][]): Record<string, string[]> {
  const start = output.indexOf("\nDiagnostics:\n");
  const section = start < 0 ? "" : output.slice(start).split(/\n(?:Resources|Outputs):\n/)[0]!;
  const out: Record<string, string[]> = {};
  let resource = "";
  let current: string[] | undefined;
  for (const line of section.split("\n")) {
    const head = /^ {2}\S.* \((.+)\):$/.exec(line);
    if (head) {
      resource = head[1]!;
      current = undefined;
    } else if (line.startsWith("    error: ")) {
      current = [line.slice("    error: ".length)];
      (out[resource] ??= []).push("");
    } else if (current && line.startsWith("    ") && !line.startsWith("    warning: ")) {
      current.push(line.slice(4));
    } else current = undefined;
    if (current) out[resource]![out[resource]!.length - 1] = normalize(current.join("\n"), replace);
  }
  return out;
}

function normalize(text: string, replace: [string, string][]): string {
  let t = text;
  for (const [from, to] of replace) t = t.split(from).join(to);
  return t
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
    .replace(/\b[0-9a-v]{20}\b/g, "<id>")
    .replace(/; nothing has answered there in \d+ s/g, "")
    .replace(/\(ECONNREFUSED\)/g, `(ECONNREFUSED)${NOTHING}`);
}

/** Stack lines that point into this package (its sources or its build) or Node's internals. */
const internalStack = (output: string): string[] =>
  output.split("\n").filter((l) => /^\s*(?:\S.*\s)?at .*(\.ts|\.js|dist\/|node:internal)/.test(l));

async function cli(s: Scenario, args: string[]): Promise<string> {
  const run = s.stack.startCli(args);
  return (await run.exited).output;
}

let s: Scenario;
const seen: { mistake: string; message: string }[] = [];

beforeAll(async () => {
  s = await openScenario("errors", program);
});
afterAll(async () => {
  await s.dispose();
});

async function withConfig<T>(config: Record<string, string>, body: () => Promise<T>): Promise<T> {
  for (const [key, value] of Object.entries(config))
    await s.stack.stack.setConfig(key, { value, secret: key.endsWith("Token") });
  try {
    return await body();
  } finally {
    await s.stack.stack.setConfig("redpanda:apiUrl", { value: s.t.emu.url });
    await s.stack.stack.setConfig("redpanda:accessToken", { value: TOKEN, secret: true });
  }
}

it.each(MISTAKES.map((m) => [m.mistake, m] as const))("%s", async (_title, m) => {
  fs.writeFileSync(path.join(s.dir, "case.json"), JSON.stringify({ kind: m.kind, args: m.args }));
  const output = await withConfig(m.config ?? {}, () =>
    cli(s, m.op === "preview" ? ["preview"] : ["up", "--yes", "--skip-preview"]),
  );
  const host = new URL(s.t.emu.url).host;
  const errors = diagnostics(output, [[host, "<emulator>"]]);
  seen.push({ mistake: m.mistake, message: errors.subject?.[0] ?? "" });
  expect({ errors: errors.subject, output: m.message ? "" : output }).toEqual({
    errors: [m.message],
    output: "",
  });
  expect(internalStack(output)).toEqual([]);
});

it(RECORDED_MISTAKE, async () => {
  // `up` through a relay, which then goes away; the stack's config is set to the emulator itself.
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((conn) => {
    sockets.add(conn);
    const upstream = net.connect(Number(new URL(s.t.emu.url).port), "127.0.0.1");
    conn.pipe(upstream).pipe(conn);
    conn.on("error", () => upstream.destroy());
    upstream.on("error", () => conn.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const relayHost = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  fs.writeFileSync(
    path.join(s.dir, "case.json"),
    JSON.stringify({ kind: "ResourceGroup", args: { name: "recorded" } }),
  );
  await s.stack.stack.setConfig("redpanda:apiUrl", { value: `http://${relayHost}` });
  expect((await cli(s, ["up", "--yes", "--skip-preview"])).includes("+ 1 created")).toBe(true);
  await new Promise<void>((resolve) => {
    relay.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
  await s.stack.stack.setConfig("redpanda:apiUrl", { value: s.t.emu.url });

  const output = await cli(s, ["refresh", "--yes", "--skip-preview"]);
  const errors = diagnostics(output, [[relayHost, "<address at the last up>"]]);
  seen.push({ mistake: RECORDED_MISTAKE, message: errors.subject?.[0] ?? "" });
  expect({ errors: errors.subject, output: RECORDED_MESSAGE ? "" : output }).toEqual({
    errors: [RECORDED_MESSAGE],
    output: "",
  });
  expect(internalStack(output)).toEqual([]);
  // The way out the message gives works.
  const fixed = await cli(s, ["refresh", "--yes", "--skip-preview", "--run-program"]);
  expect(diagnostics(fixed, []).subject).toBeUndefined();
  await cli(s, ["destroy", "--yes", "--skip-preview"]);
});

/** The catalogue as docs/errors.md holds it. */
function catalogue(): string {
  const rows = seen.map(
    ({ mistake, message }) => `### ${mistake}\n\n\`\`\`text\n${message}\n\`\`\`\n`,
  );
  return [
    "# What a mistake looks like",
    "",
    "The exact message `pulumi` shows in its Diagnostics for common mistakes, one per problem, with",
    "no stack trace. Generated and checked by `tests/e2e/error-messages.test.ts` against the emulator",
    "(`ERRORS_DOC=write` rewrites this file); `<id>`, `<emulator>` and `<n>` stand for what varies,",
    "and the part in `[…]` shows once nothing has answered at the address for 15 s.",
    "Set `REDPANDA_DEBUG=1` to see the provider's stack traces as well, for a bug report.",
    "",
    ...rows,
  ].join("\n");
}

it("docs/errors.md is the catalogue", () => {
  expect(seen).toHaveLength(MISTAKES.length + 1);
  if (process.env.ERRORS_DOC === "write") fs.writeFileSync(DOC, catalogue());
  expect(fs.readFileSync(DOC, "utf8")).toBe(catalogue());
});
