/** Programmatic entry: `startEmulator({ port: 0 })` → `{ url, tokenUrl, tokens, close() }`. */
export { startEmulator } from "./server";
export type { EmulatorOptions, RunningEmulator, ResponseRecord } from "./server";
export type { RouteFault } from "./control";
export { objectCount } from "./domain/inventory";
export type { DataplaneInventory, Inventory } from "./domain/inventory";
export { DEFAULT_DURATIONS } from "./domain/clock";
export type { Durations } from "./domain/clock";
export { SERVICE_NETWORK_CIDR } from "./catalog";
