/** Redpanda roles of a data plane (Kafka RBAC): the name rule and the table. */
import type { Dataplane, DpRole } from "./records";

/** What a Redpanda role's name may contain. */
export const ROLE_NAME = /^[A-Za-z0-9_.\-]+$/;

/** A data plane's Redpanda roles (absent in old state files: made on first use). */
export const rolesOf = (dp: Dataplane): Record<string, DpRole> => (dp.roles ??= {});
