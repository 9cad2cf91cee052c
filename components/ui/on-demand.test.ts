import { toast } from "./use-toast";
import { loadOnce } from "./on-demand";

jest.mock("./use-toast", () => ({ toast: jest.fn() }));

// A part fetched on first use (a form's schemas, a dialog's code): its user gets it, a lost file is said once and tried again next time.
describe("loadOnce", () => {
  beforeEach(() => jest.mocked(toast).mockClear());

  it("fetches the module once, whether preloaded or loaded by several submits", async () => {
    const loader = jest.fn(async () => ({ schema: "the form's schema" }));
    const contract = loadOnce(loader);
    contract.preload();
    const [first, second] = await Promise.all([contract.load(), contract.load()]);
    expect(first).toEqual({ schema: "the form's schema" });
    expect(second).toBe(first);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(toast).not.toHaveBeenCalled();
  });

  it("stays quiet when a preload fails, and the submit fetches again", async () => {
    const loader = jest.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce({ schema: 1 });
    const contract = loadOnce(loader);
    contract.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(contract.load()).resolves.toEqual({ schema: 1 });
    expect(loader).toHaveBeenCalledTimes(2);
    expect(toast).not.toHaveBeenCalled();
  });

  it("shows the spec's unexpected-error toast when the submit cannot fetch the file, and tries again on the next", async () => {
    const errorLog = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const loader = jest.fn().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce({ schema: 1 });
    const contract = loadOnce(loader);
    await expect(contract.load()).resolves.toBeNull();
    expect(toast).toHaveBeenCalledWith({ title: "Error", description: "Ha ocurrido un error inesperado", variant: "destructive" });
    await expect(contract.load()).resolves.toEqual({ schema: 1 });
    expect(toast).toHaveBeenCalledTimes(1);
    errorLog.mockRestore();
  });
});
