// Package kubeletconfig is the shared half of the differential test of the
// kubelet's config file: the same KubeletConfiguration documents are loaded
// by the real kubelet code of a release and by kubexplorer's
// core/kubeletstart, and the outcomes are compared.
//
// The two sides run in separate processes built from separate modules: the
// real code needs the release's pins of shared libraries (sigs.k8s.io/yaml
// v1.2.0 for 1.18, for instance), the model must run with the versions
// kubexplorer ships with. modelrun (its own module, next to this package)
// is built once per test run and answers over a pipe.
//
// The documents come from a seed corpus mutated by a seeded generator:
// unknown, duplicate and case-mismatched fields, wrong types, featureGates
// maps with odd values (strings, numbers, YAML 1.1 booleans, nulls,
// unknown, locked, GA, deprecated and case-mismatched gate names), several
// documents in one file, broken YAML, JSON, and wrong or missing
// apiVersion/kind, besides the numeric and enum fields the model validates.
//
// Each release is a sibling module (tools/conformance/kubelet118, …) that
// requires that release's k8s.io/kubernetes and implements Release by
// running the steps the kubelet runs for `kubelet --config=FILE`:
// configfiles' loader (strict decoding, lenient fallback, defaulting — from
// 1.32 with the gate merge that panics), the flag-precedence re-parse (a
// no-op without other flags), SetFromMap on the process-global gate, and
// ValidateKubeletConfiguration. What is compared after each document: the
// stage that stops start-up (or none), the error text, the lenient-decoding
// warning, and the effective value of every gate the document names plus a
// fixed sample.
//
// Determinism: a document depends only on its seed and the release's gate
// names. Upstream applies a gate map in Go's random order, so with several
// bad gates the 1.18–1.30 library reports any one of them and the 1.31+
// library aggregates them in any order; the model applies them in sorted
// order and lists the others as alternatives. An upstream error is
// therefore accepted when it is one of the model's alternatives, or the
// same aggregate in another order.
package kubeletconfig
