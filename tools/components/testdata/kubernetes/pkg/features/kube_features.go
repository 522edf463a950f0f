package features

import "k8s.io/component-base/featuregate"

const (
	// Typed.
	NodeSwap featuregate.Feature = "NodeSwap"
	// Named after the Go constant, registered under another string.
	ProxyThing featuregate.Feature = "KubeProxyThing"
	// A conversion.
	WindowsThing = featuregate.Feature("WindowsThing")
	// Untyped, named after its value.
	Untyped = "Untyped"
	// Untyped and not a gate: the name differs from the value.
	Version = "v1"
	// Registered, read nowhere.
	Unread featuregate.Feature = "Unread"
)

var defaults = map[featuregate.Feature]featuregate.FeatureSpec{
	NodeSwap: {Default: true}, ProxyThing: {}, WindowsThing: {}, Untyped: {}, Unread: {},
}

var dependencies = map[featuregate.Feature][]featuregate.Feature{
	Unread: {NodeSwap},
}
