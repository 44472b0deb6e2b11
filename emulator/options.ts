/** What `startEmulator` takes, and what it reports of each response (`onResponse`). */
import type { Durations } from "./domain/clock";
import type { Plane } from "./errors";
import type { KafkaOptions } from "./kafka-fleet";

export interface EmulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /**
   * Accepted static bearer tokens. Default: one random token made for this emulator (returned as
   * `tokens`), so that no other local process can use its API with a known constant.
   */
  tokens?: string[];
  /** JSON file that holds the world across restarts; in memory only when omitted. */
  stateFile?: string;
  /** Factor applied to every operation duration (0.01 = a hundred times faster); default 1. */
  speed?: number;
  /** Per-transition durations at speed 1, in milliseconds (see DEFAULT_DURATIONS). */
  durations?: Partial<Durations>;
  /** Enables the `/_admin` test-control API. */
  admin?: boolean;
  /** Lifetime of issued OAuth2 tokens, in seconds; default 3600. */
  tokenTtlSeconds?: number;
  /** Called with every response the emulator sends (tests validate them against the OpenAPI). */
  onResponse?: (record: ResponseRecord) => void;
  /**
   * Answer as a newer API would: unknown fields and enum values in every response (see
   * forward-compat.ts). Default: on when REDPANDA_EMULATOR_FORWARD_COMPAT=1.
   */
  forwardCompat?: boolean;
  /**
   * A real Kafka API per cluster (franz-go's kfake, see kafka-broker.ts): topics, SCRAM users and
   * ACLs of the data plane are then the broker's. Omitted: the in-memory data plane.
   */
  kafka?: KafkaOptions;
  /**
   * `strict`: only what the vendor's regions page lists is offered. Default `witnessed`: also every
   * region, zone, tier and cluster type the vendor's examples and the Terraform provider's examples
   * use (contract/catalog-witnesses.json).
   */
  catalog?: "witnessed" | "strict";
}

export interface ResponseRecord {
  method: string;
  /** Path without the data-plane prefix, e.g. `/v1/topics`. */
  path: string;
  plane: Plane;
  status: number;
  body: unknown;
  /** What the client sent: query parameters and the parsed JSON body (tests validate these too). */
  request: { query: Record<string, unknown>; body: unknown };
}
