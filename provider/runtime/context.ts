/**
 * The call context: what one provider call runs with, built by the front door that serves it and
 * handed, as an argument, to the lifecycle and on to the kind's operations
 * (`create(inputs, ctx)`, `read(id, props, ctx)`, ...). Nothing under provider/ finds its clients,
 * settings, log or cancel signal any other way.
 *
 * A {@link ProviderInstance} is one configured provider: the dynamic providers' process (the
 * stack's `redpanda:*` config, else the environment) or one of the plugin's provider instances
 * (its own `Configure`). It owns the API clients built from its settings (built here and nowhere
 * else, again only when its configuration changes), its lines that name no resource, and its
 * cancel signal: Ctrl-C (the engine's Cancel to the plugin; SIGINT or SIGTERM to a dynamic
 * provider's process) aborts it, and every request, retry pause and wait of its calls stops with
 * `Interrupted` (docs/reliability.md, "Ctrl-C").
 */
import type { ApiError } from "../errors";
import { Interrupted, RedpandaError } from "../errors";
import type { DataPlaneClient } from "../transport/dataplane";
import type { ConfigLookup, ProviderSettings } from "../transport/settings";
import { Clients, resolveSettings } from "../transport/settings";
import { stackAllowsDeletion } from "../declare/fields";
import { engineGuard } from "./orphan";

/** Where a provider's lines go: `ephemeral` lines are progress, shown while they matter. */
export type LineSink = (message: string, ephemeral: boolean) => void;

/** What one provider call runs with. */
export interface CallContext {
  /** The provider instance's API clients (built at first use: a check needs none). */
  readonly clients: Clients;
  /** A cluster's data-plane client at `url` (any form of its address). */
  dp(url: string): DataPlaneClient;
  /** Aborted when the run is cancelled (Ctrl-C): waits, pauses and requests stop at once. */
  readonly signal: AbortSignal;
  /** The instance's settings, or the error that says why they do not resolve (a check's). */
  settingsOrError(): ProviderSettings | RedpandaError;
  /** The stack's `redpanda:allowDeletion`. */
  stackAllowsDeletion(): boolean;
  /** A line the user needs afterwards (kept in the Diagnostics). No secrets: our own text only. */
  log(message: string): void;
  /** Progress while waiting: shown as it happens, not kept at the end. */
  progress(message: string): void;
}

/** What {@link ProviderInstance} builds its clients with besides its settings. */
export interface InstanceOptions {
  /**
   * Refuse every request but a GET before it is sent (discovery, which must change nothing);
   * otherwise the engine's change guard runs there (runtime/orphan.ts).
   */
  readOnly?: boolean;
}

/** The change guard of read-only clients: nothing but a GET leaves the process. */
async function refuseChange(): Promise<void> {
  throw new RedpandaError("these API clients are read-only: only GET requests are sent");
}

/** One configured provider: its config, its clients, its lines and its cancel signal. */
export class ProviderInstance {
  private readonly controller = new AbortController();
  /** Clients of the current config lookup: a lookup is the same object until the next configure. */
  private built?: { config: ConfigLookup; clients: Clients };
  /** The current config lookup's settings, or why they do not resolve. */
  private checked?: { config: ConfigLookup; value: ProviderSettings | RedpandaError };

  constructor(
    /** Reads `<key>` of this instance's configuration (`redpanda:<key>`, else the environment). */
    private config: ConfigLookup,
    /** Its lines that name no resource (retries, the instance's own notes). */
    readonly lines: LineSink,
    private readonly options: InstanceOptions = {},
  ) {}

  /** A new configuration (the plugin's `Configure`, a dynamic provider's `configure`). */
  configure(config: ConfigLookup): void {
    this.config = config;
  }

  /** Aborted by {@link cancel}. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Ctrl-C: every call under way stops waiting, pausing and sending, with `Interrupted`. */
  cancel(): void {
    if (!this.signal.aborted) this.controller.abort(new Interrupted());
  }

  /** The settings of the current configuration, or why they do not resolve. */
  settingsOrError(): ProviderSettings | RedpandaError {
    const config = this.config;
    if (this.checked?.config !== config) {
      let value: ProviderSettings | RedpandaError;
      try {
        value = resolveSettings(config);
      } catch (err) {
        if (!(err instanceof RedpandaError)) throw err;
        value = err;
      }
      this.checked = { config, value };
    }
    return this.checked.value;
  }

  /**
   * The API clients of the current configuration: one transport (token source, connection pool,
   * per-host limits and pace, the attempt budget with its retry log, the change guard, the cancel
   * signal) under the control-plane client and one data-plane client per cluster address.
   */
  clients(): Clients {
    const config = this.config;
    if (this.built?.config !== config) {
      const s = resolveSettings(config);
      const guard = this.options.readOnly === true ? refuseChange : engineGuard();
      const retryLog = (err: ApiError, attempt: number, delayMs: number) =>
        this.lines(
          `[redpanda] retrying ${err.method} ${err.path} after ${err.code} (attempt ${attempt}, waiting ${Math.round(delayMs)} ms)`,
          false,
        );
      this.built = { config, clients: new Clients(s, retryLog, guard, this.signal) };
    }
    return this.built.clients;
  }

  /** The context of one call; `lines`: where its lines go (a plugin call: its resource's). */
  context(lines: LineSink = this.lines): CallContext {
    return new InstanceCall(this, lines);
  }

  /** The stack's `redpanda:allowDeletion`. */
  allowsDeletion(): boolean {
    return stackAllowsDeletion(this.config("allowDeletion"));
  }
}

/** One call of an instance. */
class InstanceCall implements CallContext {
  constructor(
    private readonly instance: ProviderInstance,
    private readonly lines: LineSink,
  ) {}

  get clients(): Clients {
    return this.instance.clients();
  }

  get signal(): AbortSignal {
    return this.instance.signal;
  }

  dp(url: string): DataPlaneClient {
    return this.instance.clients().dataPlane(url);
  }

  settingsOrError(): ProviderSettings | RedpandaError {
    return this.instance.settingsOrError();
  }

  stackAllowsDeletion(): boolean {
    return this.instance.allowsDeletion();
  }

  log(message: string): void {
    this.lines(`[redpanda] ${message}`, false);
  }

  progress(message: string): void {
    this.lines(`[redpanda] ${message}`, true);
  }
}
