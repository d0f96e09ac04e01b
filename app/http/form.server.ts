import { data } from "@remix-run/node";

/**
 * The posted form, or a 400 answer when the body cannot be read as one (a broken multipart
 * body, say): a malformed post is the sender's error, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}
