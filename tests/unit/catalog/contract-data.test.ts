// The provider's catalogue is contract/'s data read at run time, not a copy: the tiers are the
// regions page's rows plus the ones the vendor's examples use, and the folder is found from the
// sources, from the build (dist/) and from an installed package alike.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { CONTRACT_DIR, findContractDir } from "../../../provider/catalog/contract";
import { WITNESSED_PLACEMENTS } from "../../../provider/catalog/witnessed";
import { getThroughputTiers } from "../../../provider/lookups";

const REPO = path.resolve(__dirname, "..", "..", "..");
const page = JSON.parse(
  fs.readFileSync(path.join(REPO, "contract", "cloud-regions.json"), "utf8"),
) as { regions: { cloudProvider: string; name: string; tiers: { name: string }[] }[] };

it("reads the top-level contract/ folder", () => {
  expect(CONTRACT_DIR).toBe(path.join(REPO, "contract"));
});

it("finds contract/ from the build's and an installed package's folders", () => {
  expect(findContractDir(path.join(REPO, "dist", "provider", "catalog"))).toBe(
    path.join(REPO, "contract"),
  );
  const installed = fs.mkdtempSync(path.join(os.tmpdir(), "rp-contract-"));
  try {
    const pkg = path.join(installed, "node_modules", "pulumi-redpanda-cloud");
    fs.mkdirSync(path.join(pkg, "contract"), { recursive: true });
    fs.writeFileSync(path.join(pkg, "contract", "sources.json"), "{}");
    expect(findContractDir(path.join(pkg, "dist", "provider", "catalog"))).toBe(
      path.join(pkg, "contract"),
    );
  } finally {
    fs.rmSync(installed, { recursive: true, force: true });
  }
});

it("says where it looked when there is no contract/ folder", () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "rp-no-contract-"));
  try {
    // The temporary folder's parents hold no contract/ with a sources.json.
    expect(() => findContractDir(empty)).toThrow(
      `no contract/ folder (with sources.json) at or above ${empty}`,
    );
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});

it("offers every tier of the regions page, and the witnessed ones besides", () => {
  const tiers = getThroughputTiers();
  const key = (cloud: string, region: string, tier: string) => `${cloud} ${region} ${tier}`;
  const offered = new Set(tiers.map((t) => key(t.cloudProvider, t.region, t.name)));
  const rows = page.regions.flatMap((r) =>
    r.tiers.map((t) => key(r.cloudProvider, r.name, t.name)),
  );
  expect(rows.filter((r) => !offered.has(r))).toEqual([]);
  for (const p of WITNESSED_PLACEMENTS.filter((w) => w.throughputTier)) {
    const tier = tiers.find(
      (t) =>
        t.cloudProvider === p.cloudProvider && t.region === p.region && t.name === p.throughputTier,
    );
    expect([p.throughputTier, tier?.clusterTypes.includes(p.clusterType)]).toEqual([
      p.throughputTier,
      true,
    ]);
  }
  // The Terraform provider's Dedicated arm tier in us-east-2, which the page lists for BYOC only.
  expect(
    getThroughputTiers({
      cloudProvider: "CLOUD_PROVIDER_AWS",
      region: "us-east-2",
      clusterType: "TYPE_DEDICATED",
    }).map((t) => t.name),
  ).toContain("tier-1-aws-v2-arm");
});
