/**
 * A topic's `configs` checked against the topic properties Redpanda accepts
 * (provider/catalog/topic-properties.ts), each problem naming the config and the fix.
 */
import { TOPIC_PROPERTIES } from "../../catalog/topic-properties";
import { closestName } from "../../runtime/closest";

export const TOPIC_PROPERTIES_URL =
  "https://docs.redpanda.com/current/reference/properties/topic-properties/";

/** The known property closest to a misspelt name, when one is close enough to be meant. */
export function closestTopicProperty(name: string): string | undefined {
  return closestName(name, Object.keys(TOPIC_PROPERTIES));
}

/** Why a topic config is refused, naming it and the fix; undefined when Redpanda accepts it. */
export function topicConfigProblem(name: string, value: string): string | undefined {
  const p = TOPIC_PROPERTIES[name];
  if (!p) {
    const near = closestTopicProperty(name);
    const hint = near ? `; did you mean "${near}"?` : "";
    return `"${name}" is not a Redpanda topic property${hint} (see ${TOPIC_PROPERTIES_URL})`;
  }
  const got = `"${name}" is "${value}"`;
  switch (p.type) {
    case "integer":
    case "number": {
      const n = Number(value);
      const shape = p.type === "integer" ? /^-?\d+$/ : /^-?(\d+\.?\d*|\.\d+)$/;
      if (!shape.test(value.trim()) || !Number.isFinite(n))
        return `${got}; it must be ${p.type === "integer" ? "a whole number" : "a number"}`;
      if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max))
        return `${got}; it must be ${range(p.min, p.max)}`;
      return undefined;
    }
    case "boolean":
      return /^(true|false)$/i.test(value.trim()) ? undefined : `${got}; it must be true or false`;
    case "enum":
      return p.values.includes(value.trim())
        ? undefined
        : `${got}; it must be one of ${p.values.join(", ")}`;
    case "string":
      return undefined;
  }
}

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `from ${min} to ${max}`;
  return min !== undefined ? `at least ${min}` : `at most ${max}`;
}
