import { Hono } from "hono";
import type { AppEnv } from "../../http/context";
import { attendanceRoutes } from "./attendance.routes";
import { biometricChallengeRoutes } from "./biometric-challenge.routes";
import { courseRoutes } from "./courses.routes";
import { enrollmentRoutes } from "./enrollments.routes";
import { sectionRoutes } from "./sections.routes";
import { studentRoutes } from "./students.routes";

// CAP course administration (administrators only): one mount point for server/app.ts.
export const capRoutes = new Hono<AppEnv>()
  .route("/", sectionRoutes)
  .route("/", courseRoutes)
  .route("/", enrollmentRoutes)
  .route("/", studentRoutes)
  .route("/", attendanceRoutes)
  .route("/", biometricChallengeRoutes);
