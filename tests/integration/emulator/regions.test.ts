// The vendor's region catalogue as the emulator serves it and enforces it: every region, zone and
// tier per cluster type from contract/cloud-regions.json, and the serverless regions.
import type { TestEmulator } from "../../support/emulator";
import { eventually, expectAllResponsesValid, startTestEmulator } from "../../support/emulator";
import { loadContract } from "../../../emulator/contract";
import { OpenApiValidator } from "../../support/openapi";

interface CatalogueRow {
  cloudProvider: string;
  name: string;
  zones: string[];
  tiers: { name: string; clusterTypes: string[] }[];
}
const catalogue = loadContract<{ regions: CatalogueRow[] }>("cloud-regions.json");
const CLOUDS = ["CLOUD_PROVIDER_GCP", "CLOUD_PROVIDER_AWS", "CLOUD_PROVIDER_AZURE"];

let t: TestEmulator;
let rgId: string;

beforeAll(async () => {
  t = await startTestEmulator();
  rgId = (await t.call("POST", "/v1/resource-groups", { resource_group: { name: "regions" } })).body
    .resource_group.id;
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "regions");
});

async function listAll(cloud: string, type?: string): Promise<{ name: string; zones: string[] }[]> {
  const out: { name: string; zones: string[] }[] = [];
  let token = "";
  do {
    const q = new URLSearchParams({ page_size: "10", page_token: token });
    if (type) q.set("filter.cluster_type", type);
    const res = await t.call("GET", `/v1/regions/${cloud}?${q}`);
    expect(res.status).toBe(200);
    out.push(...res.body.regions);
    token = res.body.next_page_token;
  } while (token);
  return out;
}

describe("region catalogue", () => {
  it("serves every catalogue region of every cloud, with its zones", async () => {
    let served = 0;
    for (const cloud of CLOUDS) {
      const regions = await listAll(cloud);
      const expected = catalogue.regions.filter((r) => r.cloudProvider === cloud);
      expect(regions.map((r) => r.name)).toEqual(expected.map((r) => r.name));
      expect(regions.map((r) => r.zones)).toEqual(expected.map((r) => r.zones));
      served += regions.length;
    }
    process.stdout.write(`region catalogue: ${served} regions served\n`);
    expect(served).toBe(catalogue.regions.length);
    expect(served).toBeGreaterThanOrEqual(45);
  });

  it("filters by cluster type: BYOC-only regions no example uses are not listed for Dedicated", async () => {
    const dedicated = (await listAll("CLOUD_PROVIDER_GCP", "TYPE_DEDICATED")).map((r) => r.name);
    const byoc = (await listAll("CLOUD_PROVIDER_GCP", "TYPE_BYOC")).map((r) => r.name);
    expect(byoc).toEqual(expect.arrayContaining(["us-west1", "us-west2"]));
    expect(dedicated).not.toContain("us-west2");
    // BYOC-only on the page, but the vendor's quickstart and OpenAPI examples put Dedicated there.
    expect(dedicated).toContain("us-west1");
    expect(dedicated).toContain("us-central1");
  });

  it("gets one region, and answers 404 for a region the cloud does not have", async () => {
    const res = await t.call("GET", "/v1/regions/CLOUD_PROVIDER_AWS/us-east-2");
    expect(res.status).toBe(200);
    expect(res.body.region).toEqual({
      cloud_provider: "CLOUD_PROVIDER_AWS",
      name: "us-east-2",
      zones: ["use2-az1", "use2-az2", "use2-az3"],
    });
    expect((await t.call("GET", "/v1/regions/CLOUD_PROVIDER_AWS/us-central1")).status).toBe(404);
    const bad = await t.call("GET", "/v1/regions/CLOUD_PROVIDER_IBM");
    expect(bad.status).toBe(400);
    expect(bad.body.details[1].field_violations[0].field).toBe("cloud_provider");
  });

  it("serves the serverless regions as the vendor names them", async () => {
    const aws = await t.call("GET", "/v1/serverless/regions?cloud_provider=CLOUD_PROVIDER_AWS");
    const names = aws.body.serverless_regions.map((r: { name: string }) => r.name);
    expect(names).toEqual(expect.arrayContaining(["us-east-1", "eu-west-1", "us-west-2"]));
    const one = await t.call("GET", "/v1/serverless/region?name=us-central1");
    expect(one.body.serverless_region).toMatchObject({
      cloud_provider: "CLOUD_PROVIDER_GCP",
      name: "us-central1",
    });
    expect((await t.call("GET", "/v1/serverless/regions")).status).toBe(400);
    // `pro-us-east-1` is served: the Terraform provider's private-link example uses it.
    expect((await t.call("GET", "/v1/serverless/region?name=pro-us-east-1")).status).toBe(200);
    expect((await t.call("GET", "/v1/serverless/region?name=ap-southeast-2")).status).toBe(404);
  });
});

describe("catalogue rules", () => {
  const network = (name: string, cloud: string, region: string, type: string, cidr: string) =>
    t.call("POST", "/v1/networks", {
      network: {
        name,
        resource_group_id: rgId,
        cloud_provider: cloud,
        region,
        cluster_type: type,
        cidr_block: cidr,
      },
    });

  it("refuses a Dedicated network in a BYOC-only region, naming the field and the alternatives", async () => {
    // us-west2: BYOC-only on the page, and no vendor or Terraform example puts Dedicated there.
    const res = await network(
      "ded-usw2",
      "CLOUD_PROVIDER_GCP",
      "us-west2",
      "TYPE_DEDICATED",
      "10.1.0.0/20",
    );
    expect(res.status).toBe(400);
    const violation = res.body.details[1].field_violations[0];
    expect(violation.field).toBe("network.region");
    expect(violation.description).toContain("offers no TYPE_DEDICATED clusters");
    expect(violation.description).toContain("us-central1");
  });

  it("accepts every catalogue region for a cluster type it offers", async () => {
    const rows = [
      ["CLOUD_PROVIDER_GCP", "us-west1", "TYPE_BYOC"],
      ["CLOUD_PROVIDER_AWS", "us-east-2", "TYPE_DEDICATED"],
      ["CLOUD_PROVIDER_AZURE", "westus2", "TYPE_BYOC"],
    ] as const;
    for (const [i, [cloud, region, type]] of rows.entries()) {
      const res = await network(`ok-${i}`, cloud, region, type, `10.${20 + i}.0.0/20`);
      expect(res.status).toBe(202);
    }
  });

  it("refuses a tier the region does not offer for the cluster type, listing those it does", async () => {
    const net = await network(
      "tier-net",
      "CLOUD_PROVIDER_AWS",
      "us-east-2",
      "TYPE_DEDICATED",
      "10.30.0.0/20",
    );
    const netId = net.body.operation.resource_id;
    await eventually(async () => {
      const n = (await t.call("GET", `/v1/networks/${netId}`)).body.network;
      return n.state === "STATE_READY";
    });
    const cluster = (tier: string) =>
      t.call("POST", "/v1/clusters", {
        cluster: {
          name: "tier-c",
          resource_group_id: rgId,
          network_id: netId,
          cloud_provider: "CLOUD_PROVIDER_AWS",
          region: "us-east-2",
          zones: ["use2-az1"],
          type: "TYPE_DEDICATED",
          throughput_tier: tier,
        },
      });
    const byocOnly = await cluster("tier-1-aws-v2-x86");
    expect(byocOnly.status).toBe(400);
    expect(byocOnly.body.message).toContain(
      "tier-1-aws-v2-x86 is not available for TYPE_DEDICATED",
    );
    expect(byocOnly.body.message).toContain("tier-1-aws-v3-arm");
    const offered = await cluster("tier-1-aws-v3-arm");
    expect(offered.status).toBe(202);
  });
});

describe("requests checked against the vendor's request schemas", () => {
  it("refuses a wrong type or an unknown enum value, naming the proto path", async () => {
    const res = await t.call("POST", "/v1/networks", {
      network: {
        name: "typed",
        resource_group_id: rgId,
        cloud_provider: "CLOUD_PROVIDER_IBM",
        region: "us-east-2",
        cluster_type: "TYPE_DEDICATED",
        cidr_block: ["10.50.0.0/20"],
      },
    });
    expect(res.status).toBe(400);
    const fields = Object.fromEntries(
      res.body.details[1].field_violations.map((v: { field: string; description: string }) => [
        v.field,
        v.description,
      ]),
    );
    expect(fields["network.cloud_provider"]).toContain("value must be one of");
    expect(fields["network.cidr_block"]).toBe("value must be of type string");
  });

  it("reads a bare body as the wrapped message: the same rules, the same proto paths", async () => {
    const res = await t.call("POST", "/v1/clusters", { name: "bare-cluster" });
    expect(res.status).toBe(400);
    const fields = res.body.details[1].field_violations.map((v: { field: string }) => v.field);
    expect(fields).toEqual(
      expect.arrayContaining(["cluster.network_id", "cluster.zones", "cluster.throughput_tier"]),
    );
    expect(fields).not.toContain("cluster");
    // The other disagreement of schema and example: a bare schema, a wrapped example.
    const rename = await t.call("PATCH", `/v1/resource-groups/${rgId}`, { name: 7 });
    expect(rename.body.details[1].field_violations[0].field).toBe("resource_group.name");
  });

  it("accepts what protojson accepts: the bare message, null for unset, digits as strings", async () => {
    const res = await t.call("GET", "/v1/regions/CLOUD_PROVIDER_AWS?page_size=abc");
    expect(res.status).toBe(400);
    expect(res.body.details[1].field_violations[0].field).toBe("page_size");
    const bare = await t.call("POST", "/v1/resource-groups", {
      name: "bare-rg",
      description: null,
    });
    expect(bare.status).toBe(201);
  });
});

it("the tests' own request check catches a client request the contract refuses", () => {
  const v = new OpenApiValidator();
  const record = (body: unknown) => ({
    method: "POST",
    path: "/v1/networks",
    plane: "controlplane" as const,
    status: 202,
    body: undefined,
    request: { query: {}, body },
  });
  const network = {
    name: "n",
    resource_group_id: "rg",
    cloud_provider: "CLOUD_PROVIDER_AWS",
    region: "us-east-2",
    cluster_type: "TYPE_DEDICATED",
    cidr_block: "10.0.0.0/20",
  };
  v.check(record({ network }));
  v.check(record({ network: { ...network, cidr_block: 5 } }));
  expect(v.report.requestsValidated).toBe(2);
  expect(v.report.requestFailures).toHaveLength(1);
  expect(v.report.requestFailures[0]).toContain("cidr_block");
});
