// Package explorer is kubexplorer's application API: the only surface the
// WebAssembly bridge and the command-line tool see.
//
// Every action is a method named mechanism.verb ("gates.evaluate",
// "kubelet.advance") taking one JSON request and producing one JSON reply.
// This package is the small core every engine links: the method registry,
// the Engine that holds sessions, the reply envelope, the one Diagnostic
// type, the representation of virtual time and the release range. The
// mechanisms live in their own packages (explorer/gates, explorer/kubelet,
// explorer/kubefed), which register their methods when imported, so a Go
// main links exactly the mechanisms it imports.
//
// The contract every method keeps (docs/api.md is generated from the types
// and the registry by cmd/kxapidoc):
//
//   - A reply is the envelope {"ok": true, "result": …} or {"ok": false,
//     "error": {code, message, diagnostics?}}. A request that cannot be
//     decoded, has an unknown field or fails validation is bad_request; an
//     unknown session or example is not_found; a recovered panic is
//     internal.
//   - Problems with the user's input are Diagnostics: a severity, a stable
//     code, the message, which input they are about and where (1-based
//     line, column, end). Results carry them in a diagnostics field; an
//     error about user input carries them in the error.
//   - An instant on a simulation's virtual clock is a number of seconds
//     since the simulation's start (Seconds); a length of time in a request
//     is a Go duration string such as "90s" (Duration). Kubernetes-shaped
//     data and transcripts keep Kubernetes' RFC 3339 timestamps.
//   - Field names are lowerCamelCase and stable; Kubernetes-shaped data
//     uses the Kubernetes field names.
package explorer
