/**
 * A Kafka error as the vendor's data-plane API answers it, in one place: the API is the Redpanda
 * Console's, which maps every Kafka error the broker returns the same way
 * (contract/kafka-errors.json, sources listed there): the gRPC code by the error's kind, the
 * broker's message or else a fixed one, an ErrorInfo with REASON_KAFKA_API_ERROR and a second one
 * in the domain `redpanda.com/dataplane/kafka` that names the Kafka error. The handlers use it for
 * what they refuse themselves (a duplicate topic, an invalid config) and the broker sync for what
 * the broker refuses, so both answers are the same.
 */
import { loadContract } from "./contract";
import type { RpcCode } from "./errors";
import { ApiError } from "./errors";
import type { KafkaError } from "./kafka-broker";
import { BrokerRefused } from "./kafka-broker";

interface Known {
  name: string;
  rpc: RpcCode;
  message?: string;
  description: string;
  retriable: boolean;
}

const known = (code: number): Known | undefined =>
  loadContract<{ errors: Record<string, Known> }>("kafka-errors.json").errors[String(code)];

/** The Kafka error with this code, as kerr describes it (for the errors a handler raises). */
export function kafkaError(code: number): KafkaError {
  const k = known(code);
  if (!k) throw new Error(`Kafka error ${code} is not in contract/kafka-errors.json`);
  return { name: k.name, code, retriable: k.retriable, description: k.description };
}

export const TOPIC_ALREADY_EXISTS = 36;
export const UNKNOWN_TOPIC_OR_PARTITION = 3;
export const INVALID_CONFIG = 40;

/** The topic routes' own answer for an unknown topic (console's handleKafkaTopicError). */
export const topicNotFound = (): ApiError =>
  new ApiError("NOT_FOUND", "the requested topic does not exist", "REASON_RESOURCE_NOT_FOUND");

/**
 * The vendor's answer to a Kafka error: `brokerMessage` is the broker's own text (Redpanda's, where
 * the emulator knows it), shown instead of the fixed message. A code the vendor does not map is
 * INTERNAL there too. An unknown topic comes only from a topic request, whose service answers it
 * its own way.
 */
export function kafkaApiError(err: KafkaError, brokerMessage?: string): ApiError {
  if (err.code === UNKNOWN_TOPIC_OR_PARTITION) return topicNotFound();
  const k = known(err.code);
  const rpc: RpcCode = k?.rpc ?? "INTERNAL";
  const description = err.description ?? k?.description ?? "";
  const message = brokerMessage ?? k?.message ?? (description || err.name);
  return new ApiError(
    rpc,
    message,
    rpc === "PERMISSION_DENIED" ? "REASON_PERMISSION_DENIED" : "REASON_KAFKA_API_ERROR",
    [],
    [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: err.name,
        domain: "redpanda.com/dataplane/kafka",
        metadata: {
          kafka_error_code: String(err.code),
          kafka_error_description: description,
          retriable: String(err.retriable),
        },
      },
    ],
  );
}

/**
 * The answer when the broker did not do what a request asked. A refusal with a Kafka error is that
 * error as the vendor answers it (kfake's own wording is not Redpanda's, so the fixed message is
 * shown); a refusal without one is the emulator's admin endpoint refusing a change it could not
 * read, answered as invalid input; a broker that did not answer makes the service unavailable.
 */
export function brokerFailure(err: unknown, clusterId: string): ApiError {
  const text = err instanceof Error ? err.message : String(err);
  if (err instanceof BrokerRefused && err.kafka) return kafkaApiError(err.kafka);
  if (err instanceof BrokerRefused)
    return new ApiError(
      "INVALID_ARGUMENT",
      `the Kafka API of cluster ${clusterId} refused the change: ${text}`,
      "REASON_INVALID_INPUT",
    );
  return new ApiError(
    "UNAVAILABLE",
    `the Kafka API of cluster ${clusterId} did not answer: ${text}`,
    "REASON_SERVER_ERROR",
  );
}
