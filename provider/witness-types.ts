/** A placement one or more of the vendor's examples use (provider/catalog/witnessed.ts). */
export interface WitnessedPlacement {
  /** Cloud provider enum string. */
  cloudProvider: string;
  /** Region name. */
  region: string;
  /** `TYPE_DEDICATED` or `TYPE_BYOC`. */
  clusterType: string;
  /** The cluster's tier; absent for a network. */
  throughputTier?: string;
  /** The cluster's zones; empty for a network. */
  zones: string[];
  /** The examples that use it (file or OpenAPI path). */
  sources: string[];
}

/** A Serverless region one or more of the vendor's examples use. */
export interface WitnessedServerlessRegion {
  /** Region name, for `ServerlessCluster.serverlessRegion`. */
  serverlessRegion: string;
  /** Cloud provider enum string, when the example names one. */
  cloudProvider?: string;
  /** The examples that use it. */
  sources: string[];
}
