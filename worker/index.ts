// The Worker's entry.
import { createApp } from "./app";

export default createApp();
