// Package fleet checks a whole fleet of real nodes against an upgrade: for
// every node dump (core/nodeimport) it evaluates the kubelet's start-up on
// the node's current release and on the target release
// (core/kubeletstart), and reports whether the node would start, what
// would stop it, what it would warn about, and which gates change their
// effective value; plus a summary over the fleet and an exit status with
// kubectl diff's meaning: 0 nothing that matters changes, 1 changes or
// warnings, 2 a node would not start or its dump cannot be used.
//
// A node's current release is the one its dump states (`kubelet
// --version`); a dump that states none is taken to run Options.From, and
// without From it is bad input. Nodes of different releases can be mixed;
// each is checked from its own release to the target.
//
// Fleets are mostly copies of a few configurations: evaluations are
// memoized by their exact input, so identical nodes cost one evaluation.
// The package does no I/O (Group turns a flat list of files into node
// dumps) and has no goroutines; Check is deterministic.
package fleet
