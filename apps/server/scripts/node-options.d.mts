export declare const SERVER_NODE_OPTIONS: readonly string[];
