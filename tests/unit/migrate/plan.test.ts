// From a dynamic stack's export to the plugin's import file and the state commands
// (provider/migrate/plan.ts): every dynamic kind of this package moves under its plugin token with
// its import id; nothing else moves; deletes run dependents first and force only what is protected.
import exported from "../../support/fixtures/dynamic-stack-export.json";
import type { StackExport } from "../../../provider/migrate/plan";
import { identifierOf, planMigration, shellQuote } from "../../../provider/migrate/plan";

const S = "urn:pulumi:dev::shop";
const DP = "http://127.0.0.1:40123/dp/cl0a1b2c3d4e5f";
const fixture = exported as StackExport;

describe("planMigration", () => {
  const plan = planMigration(fixture);

  it("names every resource of this package under its plugin type with its import id", () => {
    expect(plan.importFile.resources).toEqual([
      { type: "redpandacloud:index:ResourceGroup", name: "team", id: "rg0123456789abcdefgh" },
      { type: "redpandacloud:index:Network", name: "net", id: "net0123456789abcdefg" },
      { type: "redpandacloud:index:Cluster", name: "main", id: "cl0a1b2c3d4e5f" },
      {
        type: "redpandacloud:index:Topic",
        name: "ordersTopic",
        logicalName: "orders-topic",
        id: `${DP}|orders`,
        parent: "kafka",
      },
      {
        type: "redpandacloud:index:User",
        name: "appUser",
        logicalName: "app-user",
        id: `${DP}|app`,
        parent: "kafka",
      },
      {
        type: "redpandacloud:index:Acl",
        name: "appReadsOrders",
        logicalName: "app-reads-orders",
        id: `${DP}|TOPIC|LITERAL|orders|User:app|*|READ|ALLOW`,
        parent: "kafka",
      },
      {
        type: "redpandacloud:index:Schema",
        name: "ordersValue",
        logicalName: "orders-value",
        // The registry URL was a secret: the --show-secrets form of the export carries it.
        id: "http://127.0.0.1:40123/sr/cl0a1b2c3d4e5f|orders-value",
      },
      {
        type: "redpandacloud:index:NetworkPeering",
        name: "peer",
        id: "net0123456789abcdefg/np0123456789abcdefgh",
      },
      // No connectClusterName in its state: the default Connect cluster.
      { type: "redpandacloud:index:Connector", name: "sink", id: `${DP}|redpanda/s3-sink` },
      { type: "redpandacloud:index:Quota", name: "limits", id: `${DP}|client-id/app` },
      {
        type: "redpandacloud:index:SchemaRegistryAcl",
        name: "registryReader",
        logicalName: "registry-reader",
        id: "http://127.0.0.1:40123/sr/cl0a1b2c3d4e5f|SUBJECT|LITERAL|orders-value|User:app|*|READ|ALLOW",
      },
    ]);
    expect(plan.importFile.nameTable).toEqual({ kafka: `${S}::platform:index:Kafka::kafka` });
  });

  it("leaves other dynamic resources, kinds the plugin cannot import, the component and the stack alone", () => {
    expect(plan.skipped).toEqual([`${S}::pulumi-nodejs:dynamic:Resource::someone-elses`]);
    // Every kind declares its migration id (its adopt.ts): none of this package's stays behind.
    expect(plan.notImportable).toEqual([]);
    expect(plan.moved.map((m) => m.kind)).toEqual([
      "ResourceGroup",
      "Network",
      "Cluster",
      "Topic",
      "User",
      "Acl",
      "Schema",
      "NetworkPeering",
      "Connector",
      "Quota",
      "SchemaRegistryAcl",
    ]);
  });

  it("deletes dependents first, with --force only for protected resources", () => {
    expect(plan.deleteCommands).toEqual([
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:SchemaRegistryAcl::registry-reader --yes`,
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:Quota::limits --yes`,
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:Connector::sink --yes`,
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:NetworkPeering::peer --yes`,
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:Schema::orders-value --force --yes`,
      `pulumi state delete '${S}::platform:index:Kafka$pulumi-nodejs:dynamic/redpanda:Acl::app-reads-orders' --yes`,
      `pulumi state delete '${S}::platform:index:Kafka$pulumi-nodejs:dynamic/redpanda:User::app-user' --yes`,
      `pulumi state delete '${S}::platform:index:Kafka$pulumi-nodejs:dynamic/redpanda:Topic::orders-topic' --force --yes`,
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:Cluster::main --force --yes`,
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:Network::net --yes`,
      `pulumi state delete ${S}::pulumi-nodejs:dynamic/redpanda:ResourceGroup::team --yes`,
    ]);
  });

  it("drops the dynamic provider too once no resource left in the stack uses it", () => {
    const resources = fixture.deployment?.resources ?? [];
    const onlyOurs = planMigration(
      {
        deployment: {
          resources: resources.filter((r) => !/::(someone-elses|registry-reader)$/.test(r.urn)),
        },
      },
      { stack: "dev" },
    );
    expect(onlyOurs.deleteCommands.at(-1)).toBe(
      `pulumi state delete ${S}::pulumi:providers:pulumi-nodejs::default --yes --stack dev`,
    );
    expect(
      onlyOurs.deleteCommands.filter((c) => / --force --yes --stack dev$/.test(c)),
    ).toHaveLength(3);
  });

  it("refuses what it cannot read, saying what to do", () => {
    const resources = fixture.deployment?.resources ?? [];
    const encrypted = resources.map((r) =>
      r.urn.endsWith("::app-user")
        ? {
            ...r,
            inputs: {
              ...r.inputs,
              dataplaneApiUrl: {
                "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
                ciphertext: "v1:AAAA:AAAA",
              },
            },
          }
        : r,
    );
    expect(() => planMigration({ deployment: { resources: encrypted } })).toThrow(
      /app-user input dataplaneApiUrl is encrypted in the export: run `pulumi stack export --show-secrets`/,
    );
    const noId = resources.map((r) => (r.urn.endsWith("::main") ? { ...r, id: undefined } : r));
    expect(() => planMigration({ deployment: { resources: noId } })).toThrow(/::main has no id/);
    expect(() => planMigration({} as StackExport)).toThrow(/not a `pulumi stack export`/);
  });

  it("keeps code names unique and valid, and quotes URNs for the shell", () => {
    expect(identifierOf("orders-topic")).toBe("ordersTopic");
    expect(identifierOf("2nd topic")).toBe("r2ndTopic");
    expect(shellQuote("urn:pulumi:a::b::c$d::it's")).toBe(`'urn:pulumi:a::b::c$d::it'\\''s'`);
    const resources = fixture.deployment?.resources ?? [];
    const twins = resources.map((r) =>
      r.urn.endsWith("::net") ? { ...r, urn: r.urn.replace("::net", "::team") } : r,
    );
    const names = planMigration({ deployment: { resources: twins } }).importFile.resources.map(
      (s) => s.name,
    );
    expect(names.slice(0, 2)).toEqual(["team", "team2"]);
  });
});
