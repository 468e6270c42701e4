/**
 * Where Cursor's requests go: not known. Its transcript names no provider or model (Cursor picks
 * the model in the editor or with `cursor-agent --model`, and sends the request from its own
 * servers), and what it sends on resume is not known either. So no turn is given a provider, and
 * the profile's `requestNotKnown` keeps the provider rules off the transcript, whichever provider
 * is chosen: it is no request.
 */
import type { ModelRef } from "../../model/provider-names.js";

export const cursorModelTurns = (): ModelRef[] => [];
