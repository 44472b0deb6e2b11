/**
 * The topic properties Redpanda accepts (contract/topic-properties.json, sources listed
 * there) and how its Kafka API answers a config it does not: CreateTopics logs an unsupported name
 * and ignores it, IncrementalAlterConfigs refuses it with INVALID_CONFIG, and a value the broker
 * cannot parse is refused by both. The data plane API reports INVALID_CONFIG as INVALID_ARGUMENT
 * (HTTP 400) with reason REASON_KAFKA_API_ERROR (the vendor's data-plane error codes).
 */
import { loadContract } from "./contract";
import type { ApiError } from "./errors";
import { INVALID_CONFIG, kafkaApiError, kafkaError } from "./kafka-errors";

type Property =
  | { type: "integer" | "number"; min?: number; max?: number }
  | { type: "boolean" }
  | { type: "enum"; values: string[] }
  | { type: "string"; ignored?: boolean };

const properties = (): Record<string, Property> =>
  loadContract<{ properties: Record<string, Property> }>("topic-properties.json").properties;

function parses(p: Property, raw: string): boolean {
  const value = raw.trim();
  switch (p.type) {
    case "integer":
    case "number": {
      const shape = p.type === "integer" ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)$/;
      const n = Number(value);
      if (!shape.test(value) || !Number.isFinite(n)) return false;
      return (p.min === undefined || n >= p.min) && (p.max === undefined || n <= p.max);
    }
    case "boolean":
      return /^(true|false)$/i.test(value);
    case "enum":
      return p.values.includes(value);
    case "string":
      return true;
  }
}

/** Kafka's INVALID_CONFIG with Redpanda's message, as the data plane API reports it. */
const invalidConfig = (message: string): ApiError =>
  kafkaApiError(kafkaError(INVALID_CONFIG), message);

/**
 * The configs a create keeps: unknown names dropped (Redpanda's create_topics.cc logs "not
 * supported configuration … will be ignored"), a value it cannot parse refused.
 */
export function configsForCreate<T extends { name: string; value?: string }>(list: T[]): T[] {
  const props = properties();
  const kept = list.filter((c) => c.name in props);
  for (const c of kept) {
    if (c.value !== undefined && !parses(props[c.name] as Property, c.value))
      throw invalidConfig(`unable to parse property ${c.name} value ${c.value}`);
  }
  return kept;
}

/** An alter refuses an unknown name and a value it cannot parse (incremental_alter_configs.cc). */
export function checkAlteredConfigs(list: { name: string; value?: string }[]): void {
  const props = properties();
  for (const c of list) {
    const p = props[c.name];
    if (!p) throw invalidConfig(`invalid topic property: ${c.name}`);
    if (c.value !== undefined && !parses(p, c.value))
      throw invalidConfig(`unable to parse property ${c.name} value ${c.value}`);
  }
}
