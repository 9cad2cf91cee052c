// Every job handler of the queue, registered on import; the worker imports this file. Add one line per module that
// calls registerJobHandler / registerPeriodicTask (import them from ./job-registry, not ./worker: no import cycle).
import "./deliver";
import "./scheduler";
import "../modules/auth/password-recovery";
