// A cluster's address is not its identity: the forms the control plane has used for one cluster's
// data-plane URL (Terraform's #317: `host:443`, then `https://host`) name the same cluster; a URL
// of another cluster does not.
import {
  clusterIdOf,
  normalizeApiUrl,
  sameClusterAddress,
} from "../../../provider/transport/endpoint";
import { providerFor } from "../../../provider/runtime-entry";
import { testContext } from "../../support/call-context";

const ctx = testContext();

const ID = "cjb69h1c4vs42pca89s0";
const OTHER = "d1d9risv0c3i7qbbeoc0";
const VENDOR = `https://api-ab1234l0.${ID}.fmc.prd.cloud.redpanda.com`;

describe("normalizeApiUrl", () => {
  it.each([
    [`api-ab1234l0.${ID}.fmc.prd.cloud.redpanda.com:443`, VENDOR],
    [`${VENDOR}:443`, VENDOR],
    [`${VENDOR}/`, VENDOR],
    [`HTTPS://API-AB1234L0.${ID.toUpperCase()}.FMC.PRD.CLOUD.REDPANDA.COM`, VENDOR],
    [`  ${VENDOR}//  `, VENDOR],
    ["http://127.0.0.1:4010/dp/x/", "http://127.0.0.1:4010/dp/x"],
    ["http://Example.test:80/dp/x", "http://example.test/dp/x"],
    ["https://example.test:8443/", "https://example.test:8443"],
  ])("%s → %s", (raw, want) => {
    expect(normalizeApiUrl(raw)).toBe(want);
  });

  it("leaves what is not a URL as it was (check refuses it with its own message)", () => {
    expect(normalizeApiUrl(" not a url ")).toBe("not a url");
  });
});

describe("clusterIdOf", () => {
  it.each([
    [VENDOR, ID],
    [`api-x.${ID}.byoc.prd.cloud.redpanda.com:443`, ID],
    [`https://${OTHER}.any.us-east-1.mpx.prd.cloud.redpanda.com`, OTHER],
    [`http://127.0.0.1:4010/dp/${ID}/`, ID],
    [`http://127.0.0.1:4010/sr/${ID}`, ID],
    // Not the vendor's domain, not the emulator's path: nothing proves a cluster.
    [`https://${ID}.example.test`, undefined],
    ["https://dp.example.test", undefined],
    [`http://127.0.0.1:4010/dp/${ID}/v1`, undefined],
  ])("%s → %s", (url, id) => {
    expect(clusterIdOf(url)).toBe(id);
  });
});

describe("sameClusterAddress", () => {
  it("holds for every form of one address and for one cluster id at another host", () => {
    expect(sameClusterAddress(`api-ab1234l0.${ID}.fmc.prd.cloud.redpanda.com:443`, VENDOR)).toBe(
      true,
    );
    expect(sameClusterAddress("https://dp.example.test", "HTTPS://DP.example.test:443/")).toBe(
      true,
    );
    expect(
      sameClusterAddress(`http://127.0.0.1:4010/dp/${ID}`, `http://LOCALHOST:5020/dp/${ID}/`),
    ).toBe(true);
  });

  it("fails for another cluster, another address, or another scheme without an id", () => {
    expect(sameClusterAddress(VENDOR, VENDOR.replace(ID, OTHER))).toBe(false);
    expect(
      sameClusterAddress(`http://127.0.0.1:4010/dp/${ID}`, `http://127.0.0.1:4010/dp/${OTHER}`),
    ).toBe(false);
    expect(sameClusterAddress("https://a.example.test", "https://b.example.test")).toBe(false);
    expect(sameClusterAddress("http://dp.example.test", "https://dp.example.test")).toBe(false);
  });
});

describe("diff of data-plane resources", () => {
  // Both kinds hold data: replacing them must be allowed (runtime/deletion.ts), as here.
  const topic = (url: string) => ({
    _rpType: "Topic",
    dataplaneApiUrl: url,
    name: "orders",
    partitionCount: 3,
    configs: {},
    allowDeletion: true,
  });
  const schema = (url: string) => ({
    _rpType: "Schema",
    schemaRegistryUrl: url,
    subject: "orders-value",
    schemaType: "AVRO",
    schema: '{"type":"string"}',
    allowDeletion: true,
  });

  it.each([
    `api-ab1234l0.${ID}.fmc.prd.cloud.redpanda.com:443`,
    `${VENDOR}/`,
    VENDOR.toUpperCase(),
  ])("a topic whose URL becomes %s has no change", async (url) => {
    const diff = await providerFor("Topic").diff(
      "orders",
      { ...topic(VENDOR), id: "orders" },
      topic(url),
      ctx,
    );
    expect(diff).toEqual({ changes: false });
  });

  it("a topic moved to another cluster is replaced", async () => {
    const diff = await providerFor("Topic").diff(
      "orders",
      { ...topic(VENDOR), id: "orders" },
      topic(VENDOR.replace(ID, OTHER)),
      ctx,
    );
    expect(diff).toEqual(expect.objectContaining({ changes: true, replaces: ["dataplaneApiUrl"] }));
  });

  it("a schema's registry URL in another form is no change; another cluster's replaces", async () => {
    const registry = `https://schema-registry-aa0000l0.${ID}.fmc.prd.cloud.redpanda.com:30081`;
    const p = providerFor("Schema");
    const olds = { ...schema(registry), id: "orders-value" };
    expect(await p.diff("orders-value", olds, schema(`${registry.toUpperCase()}/`), ctx)).toEqual({
      changes: false,
    });
    expect(await p.diff("orders-value", olds, schema(registry.replace(ID, OTHER)), ctx)).toEqual(
      expect.objectContaining({ changes: true, replaces: ["schemaRegistryUrl"] }),
    );
  });
});
