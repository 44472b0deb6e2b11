// Every placement the vendor's examples use (contract/catalog-witnesses.json: the Terraform
// provider's examples and acceptance configurations, the OpenAPI examples, the API quickstart),
// replayed against the emulator's create rules and against the provider's preview rules: all are
// accepted. The provider is checked against an emulator whose listing is the regions page alone
// (`catalog: "strict"`), so its acceptance does not lean on the emulator's witnesses. Then the
// strict catalogue itself: what no witness attests is still refused, and overlapping CIDRs only
// within one cloud and region.
import { loadContract } from "../../../emulator/contract";
import type { Witness } from "../../../emulator/catalog";
import type { TestEmulator } from "../../support/emulator";
import {
  configureRuntime,
  expectAllResponsesValid,
  operationDone,
  startTestEmulator,
} from "../../support/emulator";
import { callRuntime as call } from "../../support/runtime";
import {
  WITNESSED_PLACEMENTS,
  WITNESSED_SERVERLESS_REGIONS,
} from "../../../provider/catalog/witnessed";

const { examples } = loadContract<{ examples: Witness[] }>("catalog-witnesses.json");

let emu: TestEmulator;
let strict: TestEmulator;
const rg = { emu: "", strict: "" };

beforeAll(async () => {
  [emu, strict] = await Promise.all([
    startTestEmulator(),
    startTestEmulator({ catalog: "strict" }),
  ]);
  for (const [key, t] of [
    ["emu", emu],
    ["strict", strict],
  ] as const) {
    const res = await t.call("POST", "/v1/resource-groups", { resource_group: { name: "replay" } });
    rg[key] = res.body.resource_group.id;
  }
});
afterAll(async () => {
  await Promise.all([emu.close(), strict.close()]);
  expectAllResponsesValid(emu, "catalog-replay");
  expectAllResponsesValid(strict, "catalog-replay-strict");
});

/** One line per distinct combination, with every source that uses it. */
function combinations(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const e of examples) {
    const key = e.serverlessRegion
      ? `serverless ${e.serverlessRegion}`
      : [e.cloudProvider, e.region, e.clusterType, e.throughputTier ?? "(network)"]
          .concat(e.zones?.length ? [`[${e.zones.join(",")}]`] : [])
          .join(" ");
    out.set(key, [...(out.get(key) ?? []), e.source]);
  }
  return out;
}

const BYOC: Record<string, Record<string, string>> = {
  CLOUD_PROVIDER_GCP: { gcpProjectId: "replay-project" },
  CLOUD_PROVIDER_AZURE: { azureSubscriptionId: "replay-subscription" },
  CLOUD_PROVIDER_AWS: {},
};

let serial = 0;
/** A network in the example's placement; `10.0.0.0/20` unless the example names its block. */
async function createNetwork(t: TestEmulator, group: string, e: Witness) {
  serial += 1;
  return t.call("POST", "/v1/networks", {
    network: {
      name: `replay-net-${serial}`,
      resource_group_id: group,
      cloud_provider: e.cloudProvider,
      region: e.region,
      cluster_type: e.clusterType,
      // BYOVPC examples give no block (their VPC does); the placement is what is replayed here.
      cidr_block: e.cidrBlock ?? "10.0.0.0/20",
    },
  });
}

it("the emulator's create rules accept every example's placement", async () => {
  const refused: string[] = [];
  for (const e of examples) {
    let res;
    if (e.kind === "serverless-cluster") {
      serial += 1;
      res = await emu.call("POST", "/v1/serverless/clusters", {
        serverless_cluster: {
          name: `replay-sl-${serial}`,
          resource_group_id: rg.emu,
          serverless_region: e.serverlessRegion,
        },
      });
    } else if (e.kind === "serverless-private-link") {
      serial += 1;
      res = await emu.call("POST", "/v1/serverless/private-links", {
        serverless_private_link: {
          name: `replay-pl-${serial}`,
          resource_group_id: rg.emu,
          cloudprovider: e.cloudProvider ?? "CLOUD_PROVIDER_AWS",
          serverless_region: e.serverlessRegion,
          aws_config: { allowed_principals: ["arn:aws:iam::123456789012:root"] },
        },
      });
    } else {
      res = await createNetwork(emu, rg.emu, e);
      if (e.kind === "cluster" && res.status === 202) {
        await operationDone(emu, res.body.operation.id);
        res = await emu.call("POST", "/v1/clusters", {
          cluster: {
            name: `replay-cluster-${serial}`,
            resource_group_id: rg.emu,
            network_id: res.body.operation.resource_id,
            cloud_provider: e.cloudProvider,
            region: e.region,
            zones: e.zones,
            throughput_tier: e.throughputTier,
            type: e.clusterType,
          },
        });
      }
    }
    if (res.status !== 202) refused.push(`${e.source}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const combos = combinations();
  process.stdout.write(
    `catalogue replay: ${examples.length} examples, ${combos.size} combinations, all accepted by the emulator\n` +
      [...combos].map(([k, v]) => `  ${k}\n    ${[...new Set(v)].join("\n    ")}`).join("\n") +
      "\n",
  );
  expect(refused).toEqual([]);
  expect(examples.length).toBeGreaterThanOrEqual(80);
  // The provider's copy holds the same combinations.
  expect(combos.size).toBe(WITNESSED_PLACEMENTS.length + WITNESSED_SERVERLESS_REGIONS.length);
  // The examples the issue names are among them.
  expect([...combos.keys()]).toEqual(
    expect.arrayContaining([
      "CLOUD_PROVIDER_GCP us-west1 TYPE_DEDICATED tier-1-gcp-v2-x86 [us-west1-a,us-west1-b,us-west1-c]",
      "CLOUD_PROVIDER_AWS us-east-2 TYPE_DEDICATED tier-1-aws-v2-arm [use2-az1,use2-az2,use2-az3]",
    ]),
  );
});

it("the provider's preview rules accept every example's placement, even where the API's listing leaves it out", async () => {
  await configureRuntime(strict);
  const failures: string[] = [];
  for (const e of examples) {
    if (e.kind === "serverless-private-link") continue; // its preview reads no catalogue
    const inputs =
      e.kind === "serverless-cluster"
        ? { _rpType: "ServerlessCluster", name: "sl-a", resourceGroupId: rg.strict }
        : e.kind === "network"
          ? {
              _rpType: "Network",
              name: "net-a",
              resourceGroupId: rg.strict,
              cloudProvider: e.cloudProvider,
              region: e.region,
              clusterType: e.clusterType,
              cidrBlock: e.cidrBlock ?? "10.0.0.0/20",
            }
          : {
              _rpType: "Cluster",
              name: "cluster-a",
              resourceGroupId: rg.strict,
              networkId: "9nrmg3gno1nbco80moj3",
              cloudProvider: e.cloudProvider,
              region: e.region,
              zones: e.zones,
              throughputTier: e.throughputTier,
              type: e.clusterType,
              ...(e.clusterType === "TYPE_BYOC" ? { byoc: BYOC[e.cloudProvider ?? ""] } : {}),
            };
    const withRegion =
      e.kind === "serverless-cluster"
        ? { ...inputs, serverlessRegion: e.serverlessRegion }
        : inputs;
    const res = await call("check", {}, withRegion);
    if ((res.failures as unknown[]).length)
      failures.push(`${e.source}: ${JSON.stringify(res.failures)}`);
  }
  expect(failures).toEqual([]);
  // The same previews refuse what no witness attests (us-west2 is BYOC-only on the page).
  const refused = await call(
    "check",
    {},
    {
      _rpType: "Network",
      name: "net-b",
      resourceGroupId: rg.strict,
      cloudProvider: "CLOUD_PROVIDER_GCP",
      region: "us-west2",
      clusterType: "TYPE_DEDICATED",
      cidrBlock: "10.0.0.0/20",
    },
  );
  expect(refused.failures).toEqual([
    expect.objectContaining({
      property: "region",
      reason: expect.stringContaining("region us-west2 is not offered for Dedicated clusters"),
    }),
  ]);
  const zone = await call(
    "check",
    {},
    {
      _rpType: "Cluster",
      name: "cluster-b",
      resourceGroupId: rg.strict,
      networkId: "9nrmg3gno1nbco80moj3",
      cloudProvider: "CLOUD_PROVIDER_AWS",
      region: "us-west-2",
      zones: ["us-west-2d"],
      throughputTier: "tier-1-aws-v3-arm",
      type: "TYPE_DEDICATED",
    },
  );
  expect(zone.failures).toEqual([expect.objectContaining({ property: "zones" })]);
  const serverless = await call(
    "check",
    {},
    {
      _rpType: "ServerlessCluster",
      name: "sl-b",
      resourceGroupId: rg.strict,
      serverlessRegion: "ap-southeast-2",
    },
  );
  expect(serverless.failures).toEqual([expect.objectContaining({ property: "serverlessRegion" })]);
});

describe("the strict catalogue (--catalog strict): the regions page alone", () => {
  it("refuses the quickstart's Dedicated GCP us-west1 network, which the page lists for BYOC only", async () => {
    const res = await createNetwork(strict, rg.strict, {
      kind: "network",
      source: "test",
      cloudProvider: "CLOUD_PROVIDER_GCP",
      region: "us-west1",
      clusterType: "TYPE_DEDICATED",
      cidrBlock: "10.1.0.0/20",
    });
    expect(res.status).toBe(400);
    expect(res.body.details[1].field_violations[0].description).toContain(
      "offers no TYPE_DEDICATED clusters",
    );
  });

  it("refuses overlapping CIDRs within one cloud and region, and only there", async () => {
    const place = (region: string, cidr: string) =>
      createNetwork(strict, rg.strict, {
        kind: "network",
        source: "test",
        cloudProvider: "CLOUD_PROVIDER_AWS",
        region,
        clusterType: "TYPE_DEDICATED",
        cidrBlock: cidr,
      });
    expect((await place("us-east-2", "10.90.0.0/20")).status).toBe(202);
    const same = await place("us-east-2", "10.90.0.0/20");
    expect(same.status).toBe(400);
    expect(JSON.stringify(same.body)).toContain("overlaps network");
    expect((await place("us-east-1", "10.90.0.0/20")).status).toBe(202);
  });
});
