#!/usr/bin/env node
// Collects the placements (cloud, region, zones, throughput tier, cluster type) that the vendor's
// own examples use, so the emulator and the provider accept what the real service accepts even when
// the regions page does not list it.
//
//   node scripts/contract/witnesses.mjs --terraform GITDIR [--from DIR] [--check]
//
// GITDIR is a clone (bare or not) of redpanda-data/terraform-provider-redpanda; its HEAD is read
// with `git show`. DIR is the vendor reference folder (default ../shared/reference beside the
// repository), read for the API quickstart. The OpenAPI examples come from the derived
// contract/cloud-controlplane.json. The output, contract/catalog-witnesses.json, names the source
// of every row (the emulator and the provider's catalogue read it); nothing in the repository
// reads GITDIR or DIR.
//
// Read from the Terraform provider: every .tf file under examples/ and redpanda/tests/testdata/
// (variable defaults resolved), the HCL inside the live acceptance and upgrade tests
// (files with a `live_test` or `upgrade` build tag), and the tests' literal variable overrides
// (OVERRIDES below). Not read: the mock-server integration tests (their values never reach the
// real service), the `ign` environment's internal tier "test", and the plan-only sentinels
// (`zzz9-az9`, `region-sentinel-zzz`) that the runner uses to provoke a diff, never a create.
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const opt = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const tfDir = opt("--terraform");
const from = path.resolve(opt("--from") ?? path.join(repo, "..", "shared", "reference"));
const check = args.includes("--check");
if (!tfDir) {
  process.stderr.write("usage: witnesses.mjs --terraform GITDIR [--from DIR] [--check]\n");
  process.exit(2);
}
const TF_REPO = "redpanda-data/terraform-provider-redpanda";
const git = (...a) => execFileSync("git", ["-C", tfDir, ...a], { encoding: "utf8" });
const commit = git("rev-parse", "HEAD").trim();
const files = git("ls-tree", "-r", "--name-only", "HEAD").split("\n").filter(Boolean);
const show = (file) => git("show", `HEAD:${file}`);

const CLOUD = {
  aws: "CLOUD_PROVIDER_AWS",
  gcp: "CLOUD_PROVIDER_GCP",
  azure: "CLOUD_PROVIDER_AZURE",
};
const TYPE = { dedicated: "TYPE_DEDICATED", byoc: "TYPE_BYOC" };

/** Top-level `kind "a" "b" { ... }` blocks of an HCL text, skipping strings, heredocs, comments. */
function blocks(text) {
  const out = [];
  const head = /^(resource|variable|data)\s+"([^"]+)"(?:\s+"([^"]+)")?\s*\{/gm;
  let m;
  while ((m = head.exec(text))) {
    const start = head.lastIndex;
    const end = closeBrace(text, start);
    out.push({ kind: m[1], type: m[2], name: m[3] ?? m[2], body: text.slice(start, end) });
    head.lastIndex = end;
  }
  return out;
}

function closeBrace(text, i) {
  let depth = 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i += 1;
      while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (c === "<" && text.startsWith("<<", i)) {
      const h = /^<<-?([A-Z_]+)\n/.exec(text.slice(i));
      if (h) {
        const endTag = new RegExp(`\\n\\s*${h[1]}\\s*\\n`, "g");
        endTag.lastIndex = i;
        i = endTag.exec(text)?.index ?? text.length;
      }
    } else if (c === "#" || (c === "/" && text[i + 1] === "/")) {
      i = text.indexOf("\n", i);
      if (i < 0) return text.length;
    } else if (c === "{") depth += 1;
    else if (c === "}" && --depth === 0) return i;
    i += 1;
  }
  return text.length;
}

/** The block's own attributes (depth 0) as raw value text. */
function attributes(body) {
  const attrs = {};
  let depth = 0;
  for (const line of body.split("\n")) {
    const t = line.trim();
    if (depth === 0) {
      const m = /^([a-z_]+)\s*=\s*(.+)$/.exec(t);
      if (m) attrs[m[1]] = m[2].trim();
    }
    depth += (t.match(/[{[]/g) ?? []).length - (t.match(/[}\]]/g) ?? []).length;
    if (depth < 0) depth = 0;
  }
  return attrs;
}

/** A literal: "x" → "x", ["a", "b"] → [...]; anything else → { ref }. */
function literal(raw) {
  if (raw === undefined) return undefined;
  // Inline configurations in Go tests end some values with a format verb (`"eu-west-1"%s`).
  const s = /^"([^"]*)"(?:%s)?$/.exec(raw);
  if (s) return s[1];
  if (raw.startsWith("[")) return [...raw.matchAll(/"([^"]*)"/g)].map((x) => x[1]);
  return { ref: raw };
}

const FIELDS = [
  "cloud_provider",
  "region",
  "cluster_type",
  "throughput_tier",
  "zones",
  "cidr_block",
];
const KINDS = {
  redpanda_network: "network",
  redpanda_cluster: "cluster",
  redpanda_serverless_cluster: "serverless-cluster",
  redpanda_serverless_private_link: "serverless-private-link",
};

/** The placements of one Terraform configuration (a folder's .tf files, or one inline text). */
function placements(texts, overrides, source) {
  const all = texts.flatMap(blocks);
  const vars = {};
  for (const b of all.filter((x) => x.kind === "variable")) {
    const d = attributes(b.body).default;
    if (d !== undefined) vars[b.name] = literal(d);
  }
  Object.assign(vars, overrides);
  const resources = all.filter((b) => b.kind === "resource" && KINDS[b.type]);
  const byAddress = Object.fromEntries(resources.map((b) => [`${b.type}.${b.name}`, b]));
  const resolve = (value, seen = 0) => {
    if (!value || typeof value !== "object" || !("ref" in value) || seen > 4) return value;
    const ref = value.ref;
    if (ref.startsWith("var.")) return resolve(vars[ref.slice(4)], seen + 1);
    const m = /^(redpanda_\w+)\.(\w+)\.(\w+)$/.exec(ref);
    const target = m && byAddress[`${m[1]}.${m[2]}`];
    if (target) return resolve(literal(attributes(target.body)[m[3]]), seen + 1);
    return undefined;
  };
  return resources
    .filter((b) => created(attributes(b.body).count, vars))
    .map((b) => {
      const a = attributes(b.body);
      const get = (k) => resolve(literal(a[k]));
      const kind = KINDS[b.type];
      const row = { kind, source, resource: `${b.type}.${b.name}` };
      if (kind === "serverless-cluster" || kind === "serverless-private-link") {
        // The docs example writes `region`; the resource's attribute is `serverless_region`.
        const region = get("serverless_region") ?? get("region");
        if (region !== undefined) row.serverlessRegion = region;
        const cloud = get("cloud_provider");
        if (typeof cloud === "string") row.cloudProvider = CLOUD[cloud] ?? cloud;
        return row;
      }
      const cloud = get("cloud_provider");
      row.cloudProvider = CLOUD[cloud] ?? cloud;
      row.region = get("region");
      const type = get("cluster_type");
      row.clusterType = TYPE[type] ?? type;
      if (kind === "cluster") {
        row.throughputTier = get("throughput_tier");
        row.zones = get("zones");
      }
      const cidr = get("cidr_block");
      if (kind === "network" && typeof cidr === "string") row.cidrBlock = cidr;
      if (a.customer_managed_resources !== undefined) row.customerManaged = true;
      for (const k of FIELDS) if (row[k] === undefined) delete row[k];
      return row;
    })
    .filter(complete);
}

/**
 * Whether a resource with this `count` exists: `var.X == "V" ? 1 : 0` is evaluated against the
 * variables (the serverless examples create their private link only with private networking on);
 * any other count is taken as creating it.
 */
function created(count, vars) {
  const m = /^var\.(\w+)\s*==\s*"([^"]*)"\s*\?\s*1\s*:\s*0$/.exec(count ?? "");
  return !m || vars[m[1]] === m[2];
}

/**
 * A folder whose defaults leave the placement open (its tests always pass it) gives no row of its
 * own; the override that completes it does.
 */
function complete(row) {
  if (row.kind.startsWith("serverless")) return typeof row.serverlessRegion === "string";
  const zonesOk = row.kind !== "cluster" || Array.isArray(row.zones);
  return (
    [row.cloudProvider, row.region, row.clusterType].every((v) => typeof v === "string") && zonesOk
  );
}

/**
 * Literal variable overrides the acceptance tests pass to a folder (Go `ConfigVariables`). Each
 * names the test file it is read from; `runServerlessClusterVariantTest` passes its region to
 * examples/cluster/serverless (public) or redpanda/tests/testdata/serverless_private (private).
 */
const OVERRIDES = [
  {
    dir: "examples/cluster/serverless",
    test: "redpanda/tests/acc_serverless_gcp_test.go",
    vars: { region: "us-central1" },
  },
  {
    dir: "examples/cluster/serverless",
    test: "redpanda/tests/acc_serverless_aws_public_test.go",
    vars: { region: "eu-west-1" },
  },
  {
    dir: "redpanda/tests/testdata/serverless_private",
    test: "redpanda/tests/acc_serverless_aws_private_test.go",
    vars: { region: "eu-west-1" },
  },
  {
    dir: "examples/serverless_private_link/aws",
    test: "redpanda/resources/serverlessprivatelink/acc_serverless_private_link_test.go",
    vars: { serverless_region: "eu-west-1" },
  },
  {
    dir: "redpanda/tests/testdata/schema_protobuf_serverless",
    test: "redpanda/tests/acc_schema_protobuf_serverless_test.go",
    vars: { region: "eu-west-1" },
  },
  {
    dir: "redpanda/tests/testdata/byovpc/aws",
    test: ".buildkite/pipeline.yml (test_byovpc_aws: AWS_REGION=us-east-2) and .tasks/test.yml",
    // The zones are the first three zone ids of us-east-2, as redpanda/tests/testdata/network/aws
    // computes them (`slice(zone_ids, 0, 3)`) for the test's AWS_ZONES.
    vars: {
      region: "us-east-2",
      cloud_provider: "aws",
      zones: ["use2-az1", "use2-az2", "use2-az3"],
    },
  },
];
for (const o of OVERRIDES) {
  // An override whose literal the test no longer carries must not outlive it.
  const text = show(o.test.split(" ")[0]);
  for (const v of Object.values(o.vars).filter((x) => typeof x === "string")) {
    if (!text.includes(v)) throw new Error(`${o.test} no longer names ${v}`);
  }
}

const examples = [];
const tfFolders = [
  ...new Set(
    files
      .filter((f) => /^(examples|redpanda\/tests\/testdata)\/.*\.tf$/.test(f))
      .map((f) => path.posix.dirname(f)),
  ),
].sort();
for (const dir of tfFolders) {
  const texts = files.filter((f) => path.posix.dirname(f) === dir && f.endsWith(".tf")).map(show);
  const source = `terraform ${dir} (variable defaults)`;
  examples.push(...placements(texts, {}, source));
  for (const o of OVERRIDES.filter((x) => x.dir === dir)) {
    examples.push(...placements(texts, o.vars, `terraform ${dir} (as ${o.test} runs it)`));
  }
}
const liveTests = files.filter(
  (f) => f.endsWith("_test.go") && /go:build[^\n]*(live_test|upgrade)/.test(show(f)),
);
for (const file of liveTests) {
  const inline = [...show(file).matchAll(/`([^`]*resource "redpanda_[^`]*)`/g)].map((m) => m[1]);
  for (const text of inline) {
    examples.push(...placements([text], {}, `terraform ${file} (inline configuration)`));
  }
}

// The vendor's OpenAPI examples: every example object that carries a placement.
const controlplane = JSON.parse(
  fs.readFileSync(path.join(repo, "contract", "cloud-controlplane.json"), "utf8"),
);
function walk(node, where) {
  if (Array.isArray(node)) return node.forEach((v, i) => walk(v, `${where}[${i}]`));
  if (!node || typeof node !== "object") return;
  const isExample = /\.(example|examples)\b/.test(where);
  if (isExample && typeof node.serverless_region === "string") {
    examples.push({
      kind: where.includes("private") ? "serverless-private-link" : "serverless-cluster",
      source: `openapi ${where}`,
      serverlessRegion: node.serverless_region,
      ...(node.cloud_provider ? { cloudProvider: node.cloud_provider } : {}),
    });
  } else if (isExample && typeof node.region === "string" && node.cloud_provider) {
    const cluster = "throughput_tier" in node;
    const row = {
      kind: cluster ? "cluster" : "network",
      source: `openapi ${where}`,
      cloudProvider: node.cloud_provider,
      region: node.region,
      clusterType: cluster ? node.type : node.cluster_type,
    };
    if (cluster) Object.assign(row, { throughputTier: node.throughput_tier, zones: node.zones });
    if (!cluster && node.cidr_block) row.cidrBlock = node.cidr_block;
    examples.push(row);
  }
  for (const [k, v] of Object.entries(node)) walk(v, `${where}.${k}`);
}
walk(controlplane.paths, "paths");

// The API quickstart: its network and cluster steps send the API Explorer's request examples
// (the OpenAPI examples above); its Serverless step names a region in its text.
const quickstart = fs.readFileSync(
  path.join(from, "vendor", "cloud-controlplane_quickstart.md"),
  "utf8",
);
const steps = {
  "Create network": "/v1/networks",
  "Create cluster": "/v1/clusters",
};
for (const [step, route] of Object.entries(steps)) {
  if (!quickstart.includes(step)) throw new Error(`the quickstart no longer has "${step}"`);
  const from = examples.find(
    (e) =>
      e.source ===
      `openapi paths.${route}.post.requestBody.content.application/json.example.${route === "/v1/networks" ? "network" : "cluster"}`,
  );
  if (!from) throw new Error(`no OpenAPI request example for ${route}`);
  examples.push({ ...from, source: `quickstart "${step}" step (API Explorer request example)` });
}
for (const m of quickstart.matchAll(/serverless region[^`]*`([a-z0-9-]+)`/gi)) {
  examples.push({
    kind: "serverless-cluster",
    source: 'quickstart "Create Serverless cluster" step',
    serverlessRegion: m[1],
  });
}

const output = {
  generator: "scripts/contract/witnesses.mjs",
  note: "Placements the vendor's examples use; each row names its source. The emulator and the provider accept every one of them.",
  terraform: { repo: TF_REPO, commit },
  notRead: [
    "terraform redpanda/resources/*/integration_*_test.go: run against a mock server, never the real service",
    "terraform internal/testutil/acc/env.go: throughput tier 'test' of the vendor's internal 'ign' environment",
    "terraform redpanda/tests/runner_test.go: zones zzz9-az9/zzz9-az8 and region region-sentinel-zzz, plan-only sentinels",
  ],
  examples,
};

// The provider groups the examples into distinct combinations at run time
// (provider/catalog/witnessed.ts); the file is the only output.
const targets = {
  "contract/catalog-witnesses.json": `${JSON.stringify(output, null, 1)}\n`,
};
for (const [rel, text] of Object.entries(targets)) {
  const target = path.join(repo, rel);
  if (check) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
    if (current !== text) {
      process.stderr.write(`differs: ${rel}\n`);
      process.exitCode = 1;
    }
  } else {
    fs.writeFileSync(target, text);
  }
}
process.stdout.write(
  `${check ? "checked" : "wrote"} contract/catalog-witnesses.json: ${examples.length} examples, from ${TF_REPO}@${commit.slice(0, 7)}, the OpenAPI examples and the quickstart\n`,
);
