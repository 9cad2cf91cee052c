import { handleBff } from "@/lib/bff/handler";

// The backend-for-frontend: every /api/* call, all methods, goes through one handler.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleBff;
export const POST = handleBff;
export const PUT = handleBff;
export const PATCH = handleBff;
export const DELETE = handleBff;
export const HEAD = handleBff;
