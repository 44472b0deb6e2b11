// The topic properties: the provider's copy agrees with the emulator's contract data, every
// documented property is accepted with a value of its type, and a mistake is named with its fix.
import * as fs from "node:fs";
import * as path from "node:path";
import { TOPIC_PROPERTIES } from "../../../provider/catalog/topic-properties";
import type { TopicProperty } from "../../../provider/catalog/topic-properties";
import { topicConfigProblem } from "../../../provider/kinds/topic/configs";
import { checkAlteredConfigs, configsForCreate } from "../../../emulator/topic-properties";

const contract = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, "..", "..", "..", "contract", "topic-properties.json"),
    "utf8",
  ),
) as { sources: { where: string; commit: string }[]; properties: Record<string, TopicProperty> };

function sample(p: TopicProperty): string {
  switch (p.type) {
    case "integer":
      return String(p.min ?? 86_400_000);
    case "number":
      return "0.5";
    case "boolean":
      return "true";
    case "enum":
      return p.values[0]!;
    case "string":
      return "anything";
  }
}

it("the provider's copy is the contract's data, each fact with its source", () => {
  expect(TOPIC_PROPERTIES).toEqual(contract.properties);
  expect(contract.sources.map((s) => s.commit)).toEqual([
    expect.stringMatching(/^[0-9a-f]{40}$/),
    expect.stringMatching(/^[0-9a-f]{40}$/),
  ]);
});

it("accepts every property Redpanda documents, redpanda.* and confluent.* ones included", () => {
  const documented = [
    "cleanup.policy",
    "compression.type",
    "retention.ms",
    "retention.bytes",
    "retention.local.target.ms",
    "segment.bytes",
    "max.message.bytes",
    "message.timestamp.type",
    "redpanda.remote.read",
    "redpanda.remote.write",
    "redpanda.remote.delete",
    "redpanda.iceberg.mode",
    "redpanda.leaders.preference",
    "redpanda.value.schema.id.validation",
    "confluent.value.schema.validation",
    "confluent.key.subject.name.strategy",
    "write.caching",
    "min.insync.replicas",
  ];
  for (const name of documented) expect(TOPIC_PROPERTIES[name]).toBeDefined();
  expect(Object.keys(TOPIC_PROPERTIES).length).toBeGreaterThanOrEqual(60);
  for (const [name, p] of Object.entries(TOPIC_PROPERTIES)) {
    expect([name, topicConfigProblem(name, sample(p))]).toEqual([name, undefined]);
    expect(() => checkAlteredConfigs([{ name, value: sample(p) }])).not.toThrow();
  }
  expect(topicConfigProblem("cleanup.policy", "compact,delete")).toBeUndefined();
  expect(topicConfigProblem("retention.ms", "-1")).toBeUndefined();
  expect(topicConfigProblem("min.cleanable.dirty.ratio", "0.25")).toBeUndefined();
});

it.each([
  [
    "retention.msx",
    "1",
    '"retention.msx" is not a Redpanda topic property; did you mean "retention.ms"? (see https://docs.redpanda.com/current/reference/properties/topic-properties/)',
  ],
  [
    "no.such.thing",
    "1",
    '"no.such.thing" is not a Redpanda topic property (see https://docs.redpanda.com/current/reference/properties/topic-properties/)',
  ],
  ["retention.ms", "7d", '"retention.ms" is "7d"; it must be a whole number'],
  ["max.message.bytes", "0", '"max.message.bytes" is "0"; it must be from 1 to 2147483647'],
  ["redpanda.remote.read", "yes", '"redpanda.remote.read" is "yes"; it must be true or false'],
  ["min.cleanable.dirty.ratio", "2", '"min.cleanable.dirty.ratio" is "2"; it must be from 0 to 1'],
  [
    "message.timestamp.type",
    "createtime",
    '"message.timestamp.type" is "createtime"; it must be one of CreateTime, LogAppendTime',
  ],
])("refuses %s = %s", (name, value, message) => {
  expect(topicConfigProblem(name, value)).toBe(message);
});

it("the emulator drops an unknown name at create and refuses it at alter, as Redpanda does", () => {
  const list = [
    { name: "retention.msx", value: "1" },
    { name: "retention.ms", value: "1000" },
  ];
  expect(configsForCreate(list)).toEqual([{ name: "retention.ms", value: "1000" }]);
  expect(() => checkAlteredConfigs(list)).toThrow("invalid topic property: retention.msx");
  expect(() => configsForCreate([{ name: "retention.ms", value: "7d" }])).toThrow(
    "unable to parse property retention.ms value 7d",
  );
});
