/** What every route module shares: the world, the clock, the timeline and the addresses. */
import type { DpTopic, World } from "./domain/records";
import type { Timeline } from "./domain/clock";
import type { TokenRegistry } from "./auth";
import type { Chaos, FaultTable, RateLimiter, RequestLog } from "./control";

export interface EmulatorContext {
  /** The live world; `reset` replaces its contents in place. */
  world: World;
  now(): number;
  timeline: Timeline;
  /** Marks the world as changed: it is persisted before the response is sent. */
  touch(): void;
  /** Control-plane base URL, e.g. `http://127.0.0.1:4010`. */
  baseUrl(): string;
  /**
   * The regions page alone decides what is offered (`--catalog strict`); otherwise the page and
   * the placements the vendor's examples use (catalog.ts).
   */
  strictCatalog?: boolean;
  /** With a Kafka broker per cluster: its bootstrap addresses (the views report them). */
  kafkaSeedBrokers?: (clusterId: string) => string[] | undefined;
  /** With a Kafka broker per cluster: creates topics the service makes for itself in it. */
  kafkaCreateTopics?: (clusterId: string, topics: DpTopic[]) => Promise<void>;
  /**
   * Test control (`PUT /_admin/dataplane-url/{clusterId}`): the data-plane URL a cluster's record
   * reports instead of its own, as the vendor's control plane once changed the form it reports
   * (`host:443`, later `https://host`: Terraform's #317). Routing does not change.
   */
  reportedDataplaneUrls: Map<string, string>;
}

/** The server's machinery that some routes and hooks use besides the world: tokens, test control. */
export interface Services {
  tokens: TokenRegistry;
  faults: FaultTable;
  rateLimiter: RateLimiter;
  chaos: Chaos;
  log: RequestLog;
}
