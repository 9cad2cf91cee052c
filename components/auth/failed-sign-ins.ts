// The failed sign-ins the API counted since the account's previous success travel from the login form to the shell
// in this tab's sessionStorage: read and removed by the first signed-in page, so the notice shows once.
const KEY = "volante.failedSignIns";

export function rememberFailedSignIns(count: number | undefined): void {
  try {
    if (count && count > 0) sessionStorage.setItem(KEY, String(count));
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the notice is a courtesy, the sign-in goes on.
  }
}

export function takeFailedSignIns(): number {
  try {
    const count = Number(sessionStorage.getItem(KEY));
    sessionStorage.removeItem(KEY);
    return Number.isInteger(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

export const failedSignInsText = (count: number) =>
  count === 1
    ? "Ha habido 1 intento fallido de acceso a tu cuenta desde tu último acceso."
    : `Ha habido ${count} intentos fallidos de acceso a tu cuenta desde tu último acceso.`;
