// A Kafka error as the vendor's data plane answers it (contract/kafka-errors.json): the same answer
// whether a handler refuses the request itself or the broker refuses the change behind it.
import { BrokerRefused } from "../../../emulator/kafka-broker";
import {
  INVALID_CONFIG,
  TOPIC_ALREADY_EXISTS,
  brokerFailure,
  kafkaApiError,
  kafkaError,
} from "../../../emulator/kafka-errors";

const answer = (e: ReturnType<typeof kafkaApiError>) => ({
  status: e.httpStatus,
  ...e.body("dataplane"),
});

/** What the broker's admin endpoint reports with a refusal (kerr's name, code, retriable). */
const refused = (name: string, code: number, retriable = false) =>
  new BrokerRefused(`creating topic t: ${name}: …`, { name, code, retriable });

it("answers a duplicate topic 409 ALREADY_EXISTS with the Kafka error named, as the console does", () => {
  expect(answer(kafkaApiError(kafkaError(TOPIC_ALREADY_EXISTS)))).toEqual({
    status: 409,
    code: "ALREADY_EXISTS",
    message: "A topic with this name already exists.",
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "REASON_KAFKA_API_ERROR",
        domain: "redpanda.com/dataplane",
        metadata: {},
      },
      {
        "@type": "type.googleapis.com/google.rpc.ErrorInfo",
        reason: "TOPIC_ALREADY_EXISTS",
        domain: "redpanda.com/dataplane/kafka",
        metadata: {
          kafka_error_code: "36",
          kafka_error_description: "Topic with this name already exists.",
          retriable: "false",
        },
      },
    ],
  });
});

it("answers the broker's TOPIC_ALREADY_EXISTS exactly as the handler's own check", () => {
  const sent = new BrokerRefused("creating topic t: TOPIC_ALREADY_EXISTS: …", {
    name: "TOPIC_ALREADY_EXISTS",
    code: 36,
    retriable: false,
    description: "Topic with this name already exists.",
  });
  expect(answer(brokerFailure(sent, "c1"))).toEqual(
    answer(kafkaApiError(kafkaError(TOPIC_ALREADY_EXISTS))),
  );
});

it("maps each kind of Kafka refusal to the vendor's code, reason and message", () => {
  const cases: [BrokerRefused, number, string, string, string][] = [
    [
      refused("UNKNOWN_TOPIC_OR_PARTITION", 3, true),
      404,
      "NOT_FOUND",
      "REASON_RESOURCE_NOT_FOUND",
      "the requested topic does not exist",
    ],
    [
      refused("INVALID_CONFIG", 40),
      400,
      "INVALID_ARGUMENT",
      "REASON_KAFKA_API_ERROR",
      "The provided configuration is invalid.",
    ],
    [
      refused("INVALID_PARTITIONS", 37),
      400,
      "INVALID_ARGUMENT",
      "REASON_KAFKA_API_ERROR",
      "The specified number of partitions is invalid.",
    ],
    [
      refused("TOPIC_AUTHORIZATION_FAILED", 29),
      403,
      "PERMISSION_DENIED",
      "REASON_PERMISSION_DENIED",
      "You do not have permission to access this topic.",
    ],
    [
      refused("REQUEST_TIMED_OUT", 7, true),
      504,
      "DEADLINE_EXCEEDED",
      "REASON_KAFKA_API_ERROR",
      "The request timed out before the broker could respond.",
    ],
    [
      refused("NOT_CONTROLLER", 41, true),
      503,
      "UNAVAILABLE",
      "REASON_KAFKA_API_ERROR",
      "This broker is not the controller for the cluster.",
    ],
  ];
  for (const [err, status, code, reason, message] of cases) {
    const a = answer(brokerFailure(err, "c1"));
    expect([a.status, a.code, a.details[0]?.reason, a.message]).toEqual([
      status,
      code,
      reason,
      message,
    ]);
  }
});

it("keeps Redpanda's own message for an invalid config a handler refuses", () => {
  const a = answer(
    kafkaApiError(kafkaError(INVALID_CONFIG), "invalid topic property: retention.msx"),
  );
  expect([a.status, a.code, a.message, a.details[1]?.reason]).toEqual([
    400,
    "INVALID_ARGUMENT",
    "invalid topic property: retention.msx",
    "INVALID_CONFIG",
  ]);
});

it("answers a refusal without a Kafka error 400 and a broker that did not answer 503, never 500", () => {
  const malformed = answer(brokerFailure(new BrokerRefused('unknown SCRAM mechanism "X"'), "c1"));
  expect([malformed.status, malformed.code, malformed.message]).toEqual([
    400,
    "INVALID_ARGUMENT",
    'the Kafka API of cluster c1 refused the change: unknown SCRAM mechanism "X"',
  ]);
  const gone = answer(brokerFailure(new Error("fetch failed"), "c1"));
  expect([gone.status, gone.code, gone.message]).toEqual([
    503,
    "UNAVAILABLE",
    "the Kafka API of cluster c1 did not answer: fetch failed",
  ]);
});
