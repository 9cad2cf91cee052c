// Types of server/graceful.cjs (plain CommonJS: cluster.cjs requires it outside the bundle).
import type { Server } from "node:http";

export function trackHttpServers(): Server[];
export function installGracefulShutdown(servers: Server[], options?: { exit?: (code: number) => void }): (signal: string) => Promise<void>;
