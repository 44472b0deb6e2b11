// The change summary on JSON captured from the pinned CLI (3.248) against the emulator, a dynamic
// stack of a group, network, cluster, user and two topics: `pulumi preview --json` replacing one
// topic (replicationFactor 3 → 5, retention changed), creating one and deleting one, and the same
// preview as an event stream; `PULUMI_ENABLE_STREAMING_JSON_PREVIEW=1 pulumi refresh
// --preview-only --json` after the topic's configs were changed through the emulator's data-plane
// API, and again after `pulumi up --refresh`; and a preview event stream of a program the policy
// pack refuses (an earlier wording of the pack's messages). Trimmed of stack traces and debug diagnostics (the
// SDK's debug lines, which carry a secret input in plaintext: never keep a preview's event stream).
import * as fs from "node:fs";
import * as path from "node:path";
import { diffValues, readChanges } from "../../../provider/gitops/changes";
import { driftMarkdown, previewMarkdown, showValue } from "../../../provider/gitops/markdown";

const fixture = (name: string): string =>
  fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8");

describe("a preview", () => {
  it("reads each change with the properties that change, from the document and the events alike", () => {
    for (const file of ["preview-replace.json", "preview-replace-events.jsonl"]) {
      const run = readChanges(fixture(file));
      expect(run.stack).toBe("dev");
      expect(run.unchanged).toBe(4);
      expect(run.changes.map((c) => [c.op, c.kind, c.name])).toEqual(
        expect.arrayContaining([
          ["replace", "Topic", "orders"],
          ["create", "Topic", "refunds"],
          ["delete", "Topic", "payments"],
        ]),
      );
      const orders = run.changes.find((c) => c.name === "orders");
      expect(orders?.replaceReasons).toEqual(["replicationFactor"]);
      expect(orders?.properties).toEqual([
        { path: 'configs["retention.ms"]', before: "172800000", after: "259200000" },
        { path: "replicationFactor", before: 3, after: 5 },
      ]);
    }
  });

  it("says a replacement in its first lines, then lists each change", () => {
    const md = previewMarkdown(readChanges(fixture("preview-replace.json")));
    const lines = md.split("\n");
    expect(lines[0]).toBe(
      "### Pulumi preview of stack `dev`: 1 to replace, 1 to delete, 1 to create (4 unchanged)",
    );
    expect(lines[2]).toMatch(
      /^> \*\*⚠ Replaces 1 resource\*\*: .*Topic `orders` \(replicationFactor\)\.$/,
    );
    expect(md).toContain(
      '| replace | `orders` | Topic | `configs["retention.ms"]` "172800000" → "259200000"<br>`replicationFactor` 3 → 5 (forces replacement) |',
    );
    expect(md).toContain("| delete | `payments` | Topic |  |");
    expect(md).toContain("| create | `refunds` | Topic |  |");
  });
});

describe("a preview the policy pack refuses (event stream)", () => {
  it("lists each violation with its policy, level and resource before the changes", () => {
    const run = readChanges(fixture("preview-violations.jsonl"));
    expect(run.errors).toEqual(["preview failed"]);
    expect(run.violations.map((v) => `${v.level} ${v.policy} ${v.name}`).sort()).toEqual([
      "advisory user-scram-sha-512 app",
      "mandatory acl-no-all-for-everyone everyone",
      "mandatory acl-no-all-for-everyone everyone",
      "mandatory acl-no-all-on-any-resource everyone",
      "mandatory deletion-protection orders",
      "mandatory no-org-admin-binding admin",
      "mandatory topic-cleanup-policy orders",
      "mandatory topic-max-partitions orders",
      "mandatory topic-min-replication-factor orders",
      "mandatory topic-retention-bounds orders",
    ]);
    const lines = previewMarkdown(run).split("\n");
    expect(lines[0]).toBe("### Pulumi preview of stack `prod`: 4 to create (0 unchanged)");
    expect(lines[2]).toBe(
      "**✖ 9 mandatory policy violations block this change** (and 1 advisory):",
    );
    expect(lines).toContain(
      '- mandatory `topic-min-replication-factor` on `orders`: Topic "orders": replicationFactor is 1, below the minimum 3. Fix: set replicationFactor to 3 or more (a change replaces the topic). To waive topic-min-replication-factor for this resource only, add "orders" (or its URN) to "excludedResources" of "topic-min-replication-factor" in the policy config file (--policy-pack-config).',
    );
    expect(lines).toContain("**Failed:** preview failed");
  });
});

describe("a refresh preview (drift)", () => {
  it("names each resource and property changed outside Pulumi, with both values", () => {
    const run = readChanges(fixture("refresh-drift.jsonl"), true);
    expect(run.changes).toEqual([
      expect.objectContaining({
        op: "update",
        kind: "Topic",
        name: "orders",
        properties: [
          { path: 'configs["cleanup.policy"]', before: undefined, after: "compact" },
          { path: 'configs["retention.ms"]', before: "172800000", after: "3600000" },
        ],
      }),
    ]);
    const md = driftMarkdown(run);
    expect(md.split("\n")[0]).toBe(
      "### Drift of stack `dev`: 1 of 6 resources changed outside Pulumi",
    );
    expect(md).toContain(
      '| `orders` | Topic | `configs["retention.ms"]` | "172800000" | "3600000" |',
    );
    expect(md).toContain('| `orders` | Topic | `configs["cleanup.policy"]` | unset | "compact" |');
  });

  it("says there is no drift when the refresh finds none", () => {
    const run = readChanges(fixture("refresh-clean.jsonl"), true);
    expect(run.changes).toEqual([]);
    expect(driftMarkdown(run)).toBe(
      "### No drift of stack `dev`: 6 resources match Pulumi's state\n",
    );
  });
});

describe("values", () => {
  it("keeps secrets masked and compares them as equal; cuts long values; escapes pipes", () => {
    const sig = {
      "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
      ciphertext: "[secret]",
    };
    expect(diffValues({ password: sig, name: "a" }, { password: sig, name: "b" })).toEqual([
      { path: "name", before: "a", after: "b" },
    ]);
    expect(showValue(sig)).toBe("[secret]");
    expect(showValue("[secret]")).toBe("[secret]");
    expect(showValue(undefined)).toBe("unset");
    expect(showValue("a|b")).toBe('"a\\|b"');
    expect(showValue("x".repeat(100))).toHaveLength(60);
  });
});
