/** Redpanda roles of a data plane (Kafka RBAC): the name rule and the table. */
import type { Dataplane, DpRole } from "./records";

export const ROLE_NAME = /^[A-Za-z0-9_.\-]+$/;

export const rolesOf = (dp: Dataplane): Record<string, DpRole> => (dp.roles ??= {});
