#!/usr/bin/env node
// Derives the repository's copy of the vendor's wire contract from the vendor's own files.
//
//   node scripts/contract/derive.mjs [--from DIR] [--check]
//
// DIR is the vendor reference folder (default: ../shared/reference beside the repository), holding
// openapi/cloud-controlplane.yaml, openapi/cloud-dataplane.yaml and vendor/*. The output goes to
// contract/ and is what the provider (its catalogue and, through `npm run codegen`, its wire
// types), the emulator and the tests read; nothing in the repository reads DIR.
//
// What is kept: paths, methods, parameters, schemas, enums, status codes, request and response
// examples, and the region catalogue's rows. What is dropped: the vendor's prose (description,
// summary, title, tag texts). `--check` derives again and fails if the checked-in files differ
// (run it after the vendor files change to see whether the contract moved).
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);
const fromIndex = args.indexOf("--from");
const from = path.resolve(
  fromIndex >= 0 ? args[fromIndex + 1] : path.join(repo, "..", "shared", "reference"),
);
const check = args.includes("--check");
const out = path.join(repo, "contract");

/** Keys that hold prose in OpenAPI/Swagger objects. */
const PROSE = new Set(["description", "summary", "title", "externalDocs"]);
/** Keys whose value is a map of names chosen by the vendor (field names, paths, status codes). */
const NAMED_MAPS = new Set(["properties", "paths", "schemas", "responses", "definitions"]);

/** Drops prose keys; keeps names in named maps and example payloads exactly as written. */
function stripProse(node, key) {
  if (Array.isArray(node)) return node.map((v) => stripProse(v));
  if (!node || typeof node !== "object") return node;
  if (key === "example" || key === "value" || key === "default" || key === "enum") return node;
  const result = {};
  for (const [k, v] of Object.entries(node)) {
    if (!NAMED_MAPS.has(key) && PROSE.has(k)) continue;
    if (key === undefined && k === "tags") continue; // top-level tag list: names and prose only
    result[k] = stripProse(v, k === "examples" ? "examples" : NAMED_MAPS.has(key) ? undefined : k);
  }
  return result;
}

/** The region catalogue page (HTML tables per cloud) as rows. */
function parseRegions(markdown) {
  const clouds = {
    GCP: "CLOUD_PROVIDER_GCP",
    AWS: "CLOUD_PROVIDER_AWS",
    Azure: "CLOUD_PROVIDER_AZURE",
  };
  const types = { BYOC: "TYPE_BYOC", Dedicated: "TYPE_DEDICATED" };
  const regions = [];
  const sections = markdown.split(/<h3>/).slice(1);
  for (const section of sections) {
    const heading = section.slice(0, section.indexOf("</h3>"));
    const cloud = clouds[heading];
    if (!cloud) throw new Error(`unknown cloud heading ${heading}`);
    for (const row of section.split("<tr>").slice(1)) {
      const cells = [...row.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((m) => m[1].trim());
      if (cells.length === 0) continue; // header row
      const [name, zones, tierCell] = cells;
      const tiers = [...tierCell.matchAll(/<li>([^:<]+):\s*([^<]+)<\/li>/g)].map((m) => ({
        name: m[1].trim(),
        clusterTypes: m[2].split(",").map((t) => {
          const type = types[t.trim()];
          if (!type) throw new Error(`unknown cluster type ${t} in ${name}`);
          return type;
        }),
      }));
      regions.push({
        cloudProvider: cloud,
        name,
        zones: zones.split(",").map((z) => z.trim()),
        tiers,
      });
    }
  }
  return regions;
}

/**
 * Serverless regions are not in the reference folder's catalogue. Evidence, each kept: the vendor's
 * "Serverless Regions" docs page (AWS ap-northeast-1, ap-south-1, ap-southeast-1, eu-central-1,
 * eu-west-2, us-east-1, us-west-2; GCP us-central1, beta); the vendor's OpenAPI examples and
 * quickstart (`us-east-1`); the Terraform provider's examples (`eu-west-1`, not on the docs page:
 * accepted, since the vendor's own tool uses it).
 */
const SERVERLESS_REGIONS = [
  ...["ap-northeast-1", "ap-south-1", "ap-southeast-1", "eu-central-1", "eu-west-1", "eu-west-2"]
    .concat(["us-east-1", "us-west-2"])
    .map((name) => ({ cloudProvider: "CLOUD_PROVIDER_AWS", name })),
  { cloudProvider: "CLOUD_PROVIDER_GCP", name: "us-central1" },
];

const sources = [];
function read(rel) {
  const file = path.join(from, rel);
  const text = fs.readFileSync(file, "utf8");
  sources.push({
    file: rel,
    sha256: createHash("sha256").update(text).digest("hex"),
    bytes: text.length,
  });
  return text;
}

const outputs = {
  "cloud-controlplane.json": stripProse(parse(read("openapi/cloud-controlplane.yaml"))),
  "cloud-dataplane.json": stripProse(parse(read("openapi/cloud-dataplane.yaml"))),
  "schema-registry.json": stripProse(
    JSON.parse(read("vendor/schema-registry_schema-registry.json")),
  ),
  "cloud-regions.json": {
    regions: parseRegions(read("vendor/cloud-controlplane_cloud-regions.md")),
    serverlessRegions: SERVERLESS_REGIONS,
  },
};
outputs["sources.json"] = {
  generator: "scripts/contract/derive.mjs",
  note: "Derived data (paths, schemas, enums, examples, catalogue rows); the vendor's prose is not copied.",
  sources,
};

let differs = 0;
fs.mkdirSync(out, { recursive: true });
for (const [name, data] of Object.entries(outputs)) {
  const text = `${JSON.stringify(data, null, 1)}\n`;
  const target = path.join(out, name);
  if (check) {
    const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
    if (current !== text) {
      differs += 1;
      process.stderr.write(`differs: contract/${name}\n`);
    }
  } else {
    fs.writeFileSync(target, text);
  }
}
const regionCount = outputs["cloud-regions.json"].regions.length;
process.stdout.write(
  `${check ? "checked" : "wrote"} ${Object.keys(outputs).length} files in contract/ from ${from} (${regionCount} regions)\n`,
);
if (differs) process.exit(1);
