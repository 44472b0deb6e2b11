/**
 * The topic-level properties Redpanda accepts and what their values must be, so a topic's
 * `configs` fail at preview instead of in the cloud: contract/topic-properties.json, which lists
 * its sources (the vendor's topic property reference and the broker's config handlers). The
 * emulator's broker checks configs against the same file.
 */
import { readContract } from "./contract";

export type TopicProperty =
  | { type: "integer"; min?: number; max?: number }
  | { type: "number"; min?: number; max?: number }
  | { type: "boolean" }
  | { type: "enum"; values: readonly string[] }
  /** `ignored`: a Kafka config Redpanda accepts and does nothing with. */
  | { type: "string"; ignored?: boolean };

/** Every property by name. */
export const TOPIC_PROPERTIES: Readonly<Record<string, TopicProperty>> = readContract<{
  properties: Record<string, TopicProperty>;
}>("topic-properties.json").properties;
