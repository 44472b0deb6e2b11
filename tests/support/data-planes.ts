/**
 * The two ways the emulator serves a cluster's data plane, for the suites that must hold in both:
 * in memory (`--kafka none`, or no Go toolchain) and with a Kafka broker behind it, as `npm start`
 * runs it (`--kafka auto`: the data plane reads the broker before a request and writes the
 * handler's change to it after). A suite runs `describe.each(DATA_PLANES)` and starts one emulator
 * per mode, so a broker's refusal that reaches a client is seen where the vendor's answer is checked.
 */
import type { EmulatorOptions } from "../../emulator";
import { kafkaBinary } from "./kafka";

export const DATA_PLANES: [string, () => EmulatorOptions][] = [
  ["in memory", () => ({})],
  // Built on first use (synchronous): called in a beforeAll, before that suite's emulator starts.
  ["with its Kafka broker", () => ({ kafka: { binary: kafkaBinary() } })],
];
