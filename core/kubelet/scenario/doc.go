// Package scenario reads the kubelet explorer's scenario files and plays
// them (see docs/kubelet-scenario.md).
//
// A scenario holds a release and its feature gates, the node, the fake
// runtime's scripts, the ConfigMaps and Secrets, the pods and a timeline of
// actions. The package is in three parts:
//
//   - schema.go is the file's YAML form. The runtime's scripts are
//     core/cri/fake's own types, durations written as text (sim.Duration).
//   - parse.go decodes and validates a file into a Scenario. Decoding is
//     strict: unknown fields, wrong types and bad values are errors that
//     carry the line (and column) they come from.
//   - apply.go builds a Sim from a Scenario (a clock, the fake runtime on it
//     and a kubelet over that runtime) and performs timeline actions on it.
//
// transcript.go renders what a Sim did as the text the CLI and the
// transcript tests show.
package scenario
