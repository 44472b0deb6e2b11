// The gitops example: its workflow previews on pull requests (emulator dress rehearsal without
// credentials, real-cloud preview with them, both under the package's policy pack), applies from
// main and checks for drift every day; the emulator job's script runs here exactly as CI would run
// it, and the drift and preview-summary scripts run against a stack of the example on the emulator.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { parse } from "yaml";
import { TOKEN, startTestEmulator } from "../support/emulator";
import { EXAMPLES_DIR, copyExample } from "../support/examples";
import { runProcess } from "../support/process";
import { openTestStack, pulumiToolchainRoot } from "../support/pulumi";

interface Step {
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
interface Job {
  if?: string;
  env?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const workflow = parse(
  fs.readFileSync(
    path.join(EXAMPLES_DIR, "gitops", ".github", "workflows", "redpanda.yml"),
    "utf8",
  ),
) as Workflow;
const runs = (job: Job): string => job.steps.map((s) => s.run ?? "").join("\n");

const POLICY_PACK =
  "--policy-pack node_modules/pulumi-redpanda-cloud/policy --policy-pack-config policy-config.json";

it("previews on pull requests, applies on main and checks drift daily, with credentials from CI secrets", () => {
  expect(Object.keys(workflow.on).sort()).toEqual([
    "pull_request",
    "push",
    "schedule",
    "workflow_dispatch",
  ]);
  const { "emulator-check": emulator, preview, apply, drift } = workflow.jobs;
  expect(emulator?.if).toContain("pull_request");
  expect(runs(emulator!)).toContain("scripts/check-on-emulator.sh");
  expect(JSON.stringify(emulator)).not.toContain("secrets.");

  expect(preview?.if).toContain("pull_request");
  expect(runs(preview!)).toContain("bash scripts/preview-summary.sh prod");
  expect(runs(preview!)).toContain('gh pr comment "$PR" --body-file preview-summary.md');
  expect(runs(preview!)).not.toMatch(/pulumi up/);
  expect(apply?.if).toContain("refs/heads/main");
  expect(runs(apply!)).toContain(`pulumi up --yes --stack prod ${POLICY_PACK}`);
  expect(drift?.if).toContain("schedule");
  expect(runs(drift!)).toContain("bash scripts/drift.sh prod");
  expect(runs(drift!)).toContain(`pulumi policy analyze --stack prod ${POLICY_PACK}`);
  expect(runs(drift!)).not.toMatch(/pulumi up/);

  // The scripts the jobs run: the policy pack on the emulator check and the preview, the drift check.
  const script = (name: string) =>
    fs.readFileSync(path.join(EXAMPLES_DIR, "gitops", "scripts", name), "utf8");
  expect(script("check-on-emulator.sh")).toContain(
    "policy=(--policy-pack node_modules/pulumi-redpanda-cloud/policy --policy-pack-config policy-config.json)",
  );
  expect(script("preview-summary.sh")).toContain(POLICY_PACK);
  expect(script("drift.sh")).toContain("pulumi refresh --preview-only --expect-no-changes --json");

  for (const job of [preview!, apply!, drift!]) {
    const creds = job.steps.find((s) => s.run?.includes("redpanda:clientSecret"));
    expect(creds?.env).toEqual({
      REDPANDA_CLIENT_ID: "${{ secrets.REDPANDA_CLIENT_ID }}",
      REDPANDA_CLIENT_SECRET: "${{ secrets.REDPANDA_CLIENT_SECRET }}",
    });
    // The secret goes in through stdin, never on a command line, and is stored encrypted.
    expect(creds?.run).toMatch(/\| pulumi config set --secret redpanda:clientSecret\n/);
    expect(creds?.run).toMatch(/pulumi config set redpanda:clientId "\$REDPANDA_CLIENT_ID"/);
  }
});

it("the emulator job's script previews, applies, finds no changes and destroys", async () => {
  const dir = copyExample("gitops");
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "rpcloud-gitops-home-"));
  try {
    const bin = path.join(pulumiToolchainRoot(), "bin");
    const result = await runProcess("bash", ["scripts/check-on-emulator.sh"], {
      cwd: dir,
      env: {
        PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
        PULUMI_HOME: home,
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        EMULATOR_SPEED: "0.02",
      },
    });
    if (result.code !== 0) throw new Error(`check-on-emulator.sh failed:\n${result.output}`);
    // 3 environment resources + 2 topics + 1 user + 2 ACLs, created and then destroyed.
    expect(result.output).toMatch(/\+ 9 to create/);
    expect(result.output).toMatch(/\+ 9 created/);
    expect(result.output).toMatch(/9 unchanged/);
    expect(result.output).toMatch(/- 9 deleted/);
    // The preview and the first up ran the policy pack, and it passed.
    expect(result.output.match(/redpanda-cloud@v0\.1\.0/g)?.length).toBeGreaterThanOrEqual(2);
    expect(result.output).not.toMatch(/\[(mandatory|advisory)\]/);
    expect(result.output).toContain("emulator check passed");
    expect(
      fs.readdirSync(dir).filter((f) => f.startsWith("Pulumi.") && f !== "Pulumi.yaml"),
    ).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(home, { recursive: true, force: true });
  }
});

it("the drift job checks the stack against the rules and fails on a change made outside Pulumi, naming it; the preview summary calls out a replacement first", async () => {
  const dir = copyExample("gitops");
  const t = await startTestEmulator();
  const stack = await openTestStack({
    workDir: dir,
    config: {
      "redpanda:apiUrl": t.emu.url,
      "redpanda:accessToken": { value: TOKEN, secret: true },
    },
    // The emulator job's test above type-checks the program; here it runs three times unchecked.
    env: { PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
  });
  const summaryFile = path.join(dir, "job-summary.md");
  const script = (name: string, env: Record<string, string> = {}) =>
    runProcess("bash", [`scripts/${name}`, stack.stackName], {
      cwd: dir,
      env: { ...stack.cliEnv, GITHUB_STEP_SUMMARY: summaryFile, ...env },
    });
  try {
    const { outputs } = await stack.up();
    const dp = outputs.clusterDataplaneApiUrl as string;

    // The drift job's second step: the stack as it stands against the rules, without the program.
    const analyze = (config: string) =>
      runProcess(
        "pulumi",
        [
          "policy",
          "analyze",
          "--non-interactive",
          "--stack",
          stack.stackName,
          "--policy-pack",
          path.join(dir, "node_modules", "pulumi-redpanda-cloud", "policy"),
          "--policy-pack-config",
          config,
        ],
        { cwd: dir, env: stack.cliEnv },
      );
    const passed = await analyze("policy-config.json");
    if (passed.code !== 0) throw new Error(`pulumi policy analyze failed:\n${passed.output}`);
    // A platform team lowers the partition limit below what "orders" has (6): the stack now fails.
    fs.writeFileSync(
      path.join(dir, "stricter.json"),
      '{"topic-max-partitions":{"maxPartitions":4}}',
    );
    const stricter = await analyze("stricter.json");
    expect(stricter.code).not.toBe(0);
    expect(stricter.output).toMatch(/\[mandatory\]\s+topic-max-partitions\s+\(\S+: topic-orders\)/);
    expect(stricter.output).toContain(
      'Topic "topic-orders": partitionCount is 6, above the maximum 4.',
    );

    // Someone changes the topic's retention in the console: the data-plane API, not Pulumi.
    const changed = await t.call("PATCH", `${dp}/v1/topics/orders/configurations`, [
      { name: "retention.ms", value: "3600000" },
    ]);
    expect(changed.status).toBe(200);
    const drifted = await script("drift.sh");
    expect(drifted.code).not.toBe(0);
    const report = fs.readFileSync(summaryFile, "utf8");
    expect(report.split("\n")[0]).toBe(
      `### Drift of stack \`${stack.stackName}\`: 1 of 8 resources changed outside Pulumi`,
    );
    expect(report).toContain(
      '| `topic-orders` | Topic | `configs["retention.ms"]` | "604800000" | "3600000" |',
    );

    // `pulumi up --refresh` puts back what streams.json declares; the next drift check passes.
    const up = await runProcess(
      "pulumi",
      [
        "up",
        "--refresh",
        "--yes",
        "--skip-preview",
        "--non-interactive",
        "--stack",
        stack.stackName,
      ],
      { cwd: dir, env: stack.cliEnv },
    );
    if (up.code !== 0) throw new Error(`pulumi up --refresh failed:\n${up.output}`);
    fs.rmSync(summaryFile);
    const clean = await script("drift.sh");
    expect(clean.code).toBe(0);
    expect(fs.readFileSync(summaryFile, "utf8")).toBe(
      `### No drift of stack \`${stack.stackName}\`: 8 resources match Pulumi's state\n`,
    );

    // A pull request shrinks "orders" from 6 partitions to 3: a replacement, said first.
    const streams = JSON.parse(fs.readFileSync(path.join(dir, "streams.json"), "utf8")) as {
      topics: { name: string; partitions: number }[];
    };
    streams.topics[0]!.partitions = 3;
    fs.writeFileSync(path.join(dir, "streams.json"), JSON.stringify(streams));
    const before = t.records.length;
    const previewed = await script("preview-summary.sh");
    if (previewed.code !== 0) throw new Error(`preview-summary.sh failed:\n${previewed.output}`);
    const lines = fs.readFileSync(path.join(dir, "preview-summary.md"), "utf8").split("\n");
    expect(lines[0]).toBe(
      `### Pulumi preview of stack \`${stack.stackName}\`: 1 to replace (7 unchanged)`,
    );
    expect(lines[2]).toMatch(
      /^> \*\*⚠ Replaces 1 resource\*\*: .*Topic `topic-orders` \(partitionCount\)\.$/,
    );
    expect(lines).toContain(
      "| replace | `topic-orders` | Topic | `partitionCount` 6 → 3 (forces replacement) |",
    );
    // The user's password (a secret input, in the SDK's debug events of the stream) is nowhere.
    expect(lines.join("\n")).not.toContain("billing-emulator-only");
    expect(report).not.toContain("billing-emulator-only");
    // A preview writes nothing: only reads reached the emulator.
    expect(t.records.slice(before).filter((r) => r.method !== "GET")).toEqual([]);
  } finally {
    await stack.dispose();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
