package v1beta1

import (
	"strings"
)

// GetNamespaced reports whether the target type is namespaced.
func (f *FederatedTypeConfig) GetNamespaced() bool {
	return f.Spec.TargetType.Scope == NamespaceScoped
}

// IsNamespace reports whether this is the FTC for namespaces. Upstream
// decides by name only.
func (f *FederatedTypeConfig) IsNamespace() bool { return f.Metadata.Name == NamespaceName }

// GetFederatedNamespaced reports whether the federated type is namespaced:
// FederatedNamespace is, though Namespace is not.
func (f *FederatedTypeConfig) GetFederatedNamespaced() bool {
	return f.IsNamespace() || f.GetNamespaced()
}

// GetPropagationEnabled is true only for the exact value "Enabled".
func (f *FederatedTypeConfig) GetPropagationEnabled() bool {
	return f.Spec.Propagation == PropagationEnabled
}

// GetStatusEnabled is the v0.6.0+ meaning: statusCollection is Enabled,
// whatever the FTC's name. StatusEnabledV3 is the meaning before v0.6.0.
func (f *FederatedTypeConfig) GetStatusEnabled() bool {
	return f.Spec.StatusCollection != nil && *f.Spec.StatusCollection == StatusCollectionEnabled
}

// StatusEnabledV3 is GetStatusEnabled as releases before v0.6.0 defined it
// (release.StatusControllerNeedsStatusType): it also required the FTC to be
// named "services".
func (f *FederatedTypeConfig) StatusEnabledV3() bool {
	return f.GetStatusEnabled() && f.Metadata.Name == "services"
}

// Resource is metav1.APIResource's shape: Name is the plural name.
type Resource struct {
	Name       string
	Group      string
	Version    string
	Kind       string
	Namespaced bool
}

func (r APIResource) resource(namespaced bool) Resource {
	return Resource{Name: r.PluralName, Group: r.Group, Version: r.Version, Kind: r.Kind, Namespaced: namespaced}
}

// GetTargetType returns the target API resource.
func (f *FederatedTypeConfig) GetTargetType() Resource {
	return f.Spec.TargetType.resource(f.GetNamespaced())
}

// GetFederatedType returns the federated API resource.
func (f *FederatedTypeConfig) GetFederatedType() Resource {
	return f.Spec.FederatedType.resource(f.GetFederatedNamespaced())
}

// GetStatusType returns the legacy status API resource, or nil.
func (f *FederatedTypeConfig) GetStatusType() *Resource {
	if f.Spec.StatusType == nil {
		return nil
	}
	r := f.Spec.StatusType.resource(f.Spec.StatusType.Scope == NamespaceScoped)
	return &r
}

// GroupQualifiedName is <plural>[.<group>], the naming scheme of FTCs and
// of federated CRDs.
func GroupQualifiedName(r Resource) string {
	if r.Group == "" {
		return r.Name
	}
	return r.Name + "." + r.Group
}

// APIVersionOf renders group/version ("v1" for the core group).
func (r Resource) APIVersionOf() string {
	if r.Group == "" {
		return r.Version
	}
	return r.Group + "/" + r.Version
}

// PluralName lowercases kind and pluralises it with upstream's simple rules:
// -es after s, x, ch, sh, z or o; y becomes ies (even after a vowel, so
// FederatedGateway gives federatedgatewaies); otherwise -s.
func PluralName(kind string) string {
	k := strings.ToLower(kind)
	switch {
	case strings.HasSuffix(k, "s"), strings.HasSuffix(k, "x"), strings.HasSuffix(k, "ch"),
		strings.HasSuffix(k, "sh"), strings.HasSuffix(k, "z"), strings.HasSuffix(k, "o"):
		return k + "es"
	case strings.HasSuffix(k, "y"):
		return k[:len(k)-1] + "ies"
	default:
		return k + "s"
	}
}

// SetFederatedTypeConfigDefaults fills only empty strings, in memory: the
// target's plural (and group) from metadata.name split once on ".", the
// federated type's plural from its kind, and the status type's plural, group
// and version. It never defaults propagation, statusCollection, scope, kind,
// the target version or the federated group/version.
func SetFederatedTypeConfigDefaults(f *FederatedTypeConfig) {
	parts := strings.SplitN(f.Metadata.Name, ".", 2)
	if f.Spec.TargetType.PluralName == "" {
		f.Spec.TargetType.PluralName = parts[0]
	}
	if len(parts) > 1 && f.Spec.TargetType.Group == "" {
		f.Spec.TargetType.Group = parts[1]
	}
	if f.Spec.FederatedType.PluralName == "" {
		f.Spec.FederatedType.PluralName = PluralName(f.Spec.FederatedType.Kind)
	}
	if st := f.Spec.StatusType; st != nil {
		if st.PluralName == "" {
			st.PluralName = PluralName(st.Kind)
		}
		if st.Group == "" {
			st.Group = f.Spec.FederatedType.Group
		}
		if st.Version == "" {
			st.Version = f.Spec.FederatedType.Version
		}
	}
}

// DeepCopy returns an independent copy.
func (f *FederatedTypeConfig) DeepCopy() *FederatedTypeConfig {
	out := *f
	out.Metadata.Labels = copyMap(f.Metadata.Labels)
	out.Metadata.Annotations = copyMap(f.Metadata.Annotations)
	out.Metadata.Finalizers = append([]string(nil), f.Metadata.Finalizers...)
	if f.Spec.StatusType != nil {
		st := *f.Spec.StatusType
		out.Spec.StatusType = &st
	}
	if f.Spec.StatusCollection != nil {
		sc := *f.Spec.StatusCollection
		out.Spec.StatusCollection = &sc
	}
	if f.Status != nil {
		s := *f.Status
		if s.StatusController != nil {
			c := *s.StatusController
			s.StatusController = &c
		}
		out.Status = &s
	}
	return &out
}

func copyMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
