import { describe, expect, it } from "vitest";
import { HtmlStream } from "~/render/html-stream.server";

async function run(pieces: (Buffer | "tick")[]): Promise<{ chunks: Buffer[]; body: string }> {
  const stream = new HtmlStream();
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => stream.on("end", resolve));
  for (const piece of pieces) {
    if (piece === "tick") await new Promise((resolve) => setImmediate(resolve));
    else stream.write(piece);
  }
  stream.end();
  await done;
  return { chunks, body: Buffer.concat(chunks).toString("utf8") };
}

describe("HTML stream", () => {
  it("sends what was written in one turn as one chunk", async () => {
    const { chunks, body } = await run([
      Buffer.from("<p>a"),
      Buffer.from("b</p>"),
      Buffer.from("c"),
    ]);
    expect(chunks).toHaveLength(1);
    expect(body).toBe("<p>ab</p>c");
  });

  it("moves </body></html> after data streamed once the shell was sent", async () => {
    const { body } = await run([
      Buffer.from("<html><body><main>x</main></body></html>"),
      "tick",
      Buffer.from("<script>late()</script>"),
    ]);
    expect(body).toBe("<html><body><main>x</main><script>late()</script></body></html>");
  });

  it("never breaks a multi-byte character split between React's pieces", async () => {
    const text = "<html><body>Українська 日本語</body></html>";
    const bytes = Buffer.from(text, "utf8");
    const cut = bytes.indexOf(Buffer.from("ї")) + 1;
    const { body } = await run([
      bytes.subarray(0, cut),
      "tick",
      bytes.subarray(cut),
      "tick",
      Buffer.from("<i>d</i>"),
    ]);
    expect(body).toBe("<html><body>Українська 日本語<i>d</i></body></html>");
    expect(body).not.toContain("\uFFFD");
  });

  it("drops the zero bytes React 18 pads a piece with before a split character", async () => {
    const padded = Buffer.concat([
      Buffer.from("<b>Ук"),
      Buffer.from([0]),
      Buffer.from("раїнська</b>"),
    ]);
    const { body } = await run([padded]);
    expect(body).toBe("<b>Українська</b>");
  });
});
