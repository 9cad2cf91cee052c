// Types of server/worker-process.cjs (plain CommonJS: cluster.cjs requires it outside the bundle).
export const WORKER_ROLE: "notification-worker";
export function workerProcessWanted(env?: NodeJS.ProcessEnv): boolean;
export function niceness(env?: NodeJS.ProcessEnv): number;
export function startWorkerProcess(options: { modulePath: string; env?: Record<string, string>; execArgv?: string[] }): {
  pid: () => number | undefined;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};
export function exitWithParent(): void;
