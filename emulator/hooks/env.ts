/**
 * What the server's cross-cutting hooks share, and the shape of one: a function that adds its
 * fastify hooks. server.ts composes them in one ordered list; fastify runs the hooks of one phase
 * (onRequest, preHandler, onSend, onResponse) in the order they were added.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext, Services } from "../context";
import type { KafkaFleet } from "../kafka-fleet";
import type { EmulatorOptions } from "../options";
import type { StateFile } from "../state-file";

export interface HookEnv {
  options: EmulatorOptions;
  ctx: EmulatorContext;
  services: Services;
  /** With `kafka`: the broker per cluster. */
  fleet: KafkaFleet | undefined;
  stateFile: StateFile;
  caught: CaughtRequests;
}

/** Adds one concern's fastify hooks. */
export type Hook = (app: FastifyInstance, env: HookEnv) => void;

/**
 * Requests a scripted fault caught, each with the call that ends its count in the fault's
 * `holding`: settled once handled (or dropped), so `holding` counts what is still in flight.
 */
export class CaughtRequests {
  private readonly settles = new WeakMap<FastifyRequest, () => void>();

  add(req: FastifyRequest, settle: () => void): void {
    this.settles.set(req, settle);
  }

  has(req: FastifyRequest): boolean {
    return this.settles.has(req);
  }

  settle(req: FastifyRequest): void {
    this.settles.get(req)?.();
    this.settles.delete(req);
  }
}
