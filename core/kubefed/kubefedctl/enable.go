// Package kubefedctl models `kubefedctl enable` and `kubefedctl disable`
// (pkg/kubefedctl at v0.10.0): generating the FederatedTypeConfig and the
// federated CRD for a target API type, printing them with -o yaml, creating
// them in the host, and the disable flow (propagation Disabled, wait for the
// controller to report NotRunning, delete).
package kubefedctl

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubexplorer/kubexplorer/core/kubefed/apiextensions"
	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// Defaults of kubefedctl's flags.
const (
	DefaultFederatedGroup   = "types.kubefed.io"
	DefaultFederatedVersion = "v1beta1"
)

// TargetResource is a target API type given explicitly instead of being
// looked up by discovery.
type TargetResource struct {
	Kind          string   `json:"kind"`
	PluralName    string   `json:"pluralName"`
	Group         string   `json:"group,omitempty"`
	Version       string   `json:"version"`
	Scope         string   `json:"scope"`
	ShortNames    []string `json:"shortNames,omitempty"`
	ReplicasInt32 bool     `json:"replicasInt32,omitempty"`
}

// EnableOptions are kubefedctl enable's arguments.
type EnableOptions struct {
	Name             string          `json:"name,omitempty"`
	Target           *TargetResource `json:"target,omitempty"`
	TargetVersion    string          `json:"version,omitempty"`
	FederatedGroup   string          `json:"federatedGroup,omitempty"`
	FederatedVersion string          `json:"federatedVersion,omitempty"`
	Output           string          `json:"output,omitempty"`
	DryRun           bool            `json:"dryRun,omitempty"`
	KubeFedNamespace string          `json:"kubefedNamespace,omitempty"`
	// Filename and FileContent are -f FILENAME: an EnableTypeDirective
	// whose metadata.name and spec replace NAME, --version,
	// --federated-group and --federated-version (Name, Target and those
	// options are then ignored; Output, DryRun and KubeFedNamespace still
	// count).
	Filename    string `json:"filename,omitempty"`
	FileContent string `json:"fileContent,omitempty"`

	// Release is the kubefedctl release (zero: the latest).
	Release release.Release `json:"-"`
	// Log receives the lines kubefedctl prints through klog (to stderr);
	// nil drops them.
	Log Logf `json:"-"`
}

// Logf receives one klog line of kubefedctl: its severity (I, W, E) and
// message.
type Logf func(severity, msg string)

func (l Logf) printf(severity, format string, args ...any) {
	if l != nil {
		l(severity, fmt.Sprintf(format, args...))
	}
}

// Resources are what enable generates.
type Resources struct {
	TypeConfig map[string]any
	CRD        *apiextensions.CRD
}

// apiResource is discovery's view of a type.
type apiResource struct {
	name, group, version, kind string
	namespaced                 bool
	shortNames                 []string
	replicasInt32              bool
}

func groupQualified(name, group string) string {
	if group == "" {
		return name
	}
	return name + "." + group
}

// LookupAPIResource resolves NAME (kind, plural, singular, short name or
// plural.group, case-insensitive) against the host's served types in
// discovery order; several matches are an error. From v0.5.0 (PR #1294) a
// core-group match wins at once. From v0.6.1 a lookup that found its type
// other than by that shortcut logs it: with a warning carrying the (nil)
// discovery errors until v0.8.0 (PR #1334), as "Api resource found." after
// (PR #1410).
func LookupAPIResource(host *store.Store, key, targetVersion string, rel release.Release, log Logf) (*apiResource, error) {
	lower := strings.ToLower(key)
	var target *apiResource
	var matched []string
	for _, k := range host.Kinds() {
		if targetVersion != "" && k.Version != targetVersion {
			continue
		}
		match := lower == k.Plural || lower == k.Singular() || lower == strings.ToLower(k.Kind) || lower == k.Plural+"."+k.Group
		for _, sn := range k.ShortNames {
			if lower == strings.ToLower(sn) {
				match = true
			}
		}
		if !match {
			continue
		}
		r := &apiResource{name: k.Plural, group: k.Group, version: k.Version, kind: k.Kind, namespaced: k.Namespaced, shortNames: k.ShortNames, replicasInt32: k.SpecReplicasInt32}
		if target == nil {
			target = r
			if k.Group == "" && rel.Has(release.EnablePrefersCoreGroup) {
				return r, nil
			}
		}
		matched = append(matched, groupQualified(k.Plural, k.Group))
	}
	if len(matched) > 1 {
		//lint:ignore ST1005 upstream's exact message
		return nil, fmt.Errorf("Multiple resources are matched by %q: %s. A group-qualified plural name must be provided.", key, strings.Join(matched, ", "))
	}
	if target != nil {
		switch {
		case rel.Has(release.LookupLogsFound):
			log.printf("I", "Api resource found.")
		case rel.Has(release.LookupWarnsNilError):
			// NewAggregate of no errors is nil.
			log.printf("W", "Api resource found with err <nil>, and error could ignore.")
		}
		return target, nil
	}
	//lint:ignore ST1005 upstream's exact message
	return nil, fmt.Errorf("Unable to find api resource named %q.", key)
}

func (o *EnableOptions) fill() error {
	if o.Output != "" && o.Output != "yaml" {
		//lint:ignore ST1005 upstream's exact message
		return fmt.Errorf("Invalid value for --output: %s", o.Output)
	}
	if o.KubeFedNamespace == "" {
		o.KubeFedNamespace = v1beta1.DefaultKubeFedNamespace
	}
	if o.Filename != "" {
		// The directive starts from the flag defaults and the file sets
		// what it names, even to an empty string.
		d, err := decodeDirective(o.Filename, o.FileContent)
		if err != nil {
			return err
		}
		o.Name, o.Target = d.Metadata.Name, nil
		o.TargetVersion, o.FederatedGroup, o.FederatedVersion = d.Spec.TargetVersion, d.Spec.FederatedGroup, d.Spec.FederatedVersion
		return nil
	}
	if o.FederatedGroup == "" {
		o.FederatedGroup = DefaultFederatedGroup
	}
	if o.FederatedVersion == "" {
		o.FederatedVersion = DefaultFederatedVersion
	}
	if o.Name == "" && o.Target == nil {
		return fmt.Errorf("NAME is required")
	}
	return nil
}

// GetResources generates the FTC and the federated CRD.
func GetResources(host *store.Store, o *EnableOptions) (*Resources, error) {
	if err := o.fill(); err != nil {
		return nil, err
	}
	var r *apiResource
	if t := o.Target; t != nil {
		if t.Kind == "" || t.PluralName == "" || t.Version == "" {
			return nil, fmt.Errorf("target: kind, pluralName and version are required")
		}
		if t.Scope != "Namespaced" && t.Scope != "Cluster" {
			return nil, fmt.Errorf("target.scope: Unsupported value: %q: supported values: \"Cluster\", \"Namespaced\"", t.Scope)
		}
		r = &apiResource{name: t.PluralName, group: t.Group, version: t.Version, kind: t.Kind, namespaced: t.Scope == "Namespaced", shortNames: t.ShortNames, replicasInt32: t.ReplicasInt32}
	} else {
		if host == nil {
			//lint:ignore ST1005 upstream's exact message
			return nil, fmt.Errorf("Unable to find api resource named %q.", o.Name)
		}
		var err error
		r, err = LookupAPIResource(host, o.Name, o.TargetVersion, o.Release, o.Log)
		if err != nil {
			return nil, err
		}
	}
	scope := "Cluster"
	if r.namespaced {
		scope = "Namespaced"
	}
	fedScope := scope
	if r.kind == "Namespace" && r.group == "" {
		fedScope = "Namespaced"
	}
	ftc := &v1beta1.FederatedTypeConfig{
		APIVersion: v1beta1.APIVersion, Kind: "FederatedTypeConfig",
		Metadata: v1beta1.ObjectMeta{Name: groupQualified(r.name, r.group)},
		Spec: v1beta1.FederatedTypeConfigSpec{
			TargetType:  v1beta1.APIResource{Version: r.version, Kind: r.kind, Scope: v1beta1.ResourceScope(scope)},
			Propagation: v1beta1.PropagationEnabled,
			FederatedType: v1beta1.APIResource{Group: o.FederatedGroup, Version: o.FederatedVersion,
				Kind: "Federated" + r.kind, PluralName: "federated" + r.name, Scope: v1beta1.ResourceScope(fedScope)},
		},
	}
	v1beta1.SetFederatedTypeConfigDefaults(ftc)
	obj, err := u.FromJSON(u.Marshal(ftc))
	if err != nil {
		return nil, err
	}
	m := obj.(map[string]any)
	delete(m, "status")
	shortNames := []string{}
	for _, sn := range r.shortNames {
		shortNames = append(shortNames, "f"+sn)
	}
	crd := apiextensions.FederatedTypeCRD(o.Release, o.FederatedGroup, o.FederatedVersion, "Federated"+r.kind, "federated"+r.name, fedScope == "Namespaced", shortNames, r.replicasInt32)
	return &Resources{TypeConfig: m, CRD: crd}, nil
}

// YAML renders the resources as `kubefedctl enable -o yaml` prints them.
func (r *Resources) YAML() string {
	return "---\n" + u.ToYAML(r.TypeConfig) + "---\n" + u.ToYAML(r.CRD.ToObject())
}

// Enable runs kubefedctl enable against a host. With -o yaml nothing is
// sent to the API.
func Enable(host *store.Store, o EnableOptions) (string, error) {
	res, err := GetResources(host, &o)
	if err != nil {
		return "", err
	}
	if o.Output == "yaml" {
		return res.YAML(), nil
	}
	return CreateResources(host, res, o.KubeFedNamespace, o.DryRun, o.Release)
}

func qualifiedAPIResourceName(r v1beta1.Resource) string {
	if r.Group == "" {
		return fmt.Sprintf("%s/%s", r.Name, r.Version)
	}
	return fmt.Sprintf("%s.%s/%s", r.Name, r.Group, r.Version)
}

// CreateResources creates or updates the CRD and the FTC (CreateResources)
// as release rel's kubefedctl does.
func CreateResources(host *store.Store, res *Resources, namespace string, dryRun bool, rel release.Release) (string, error) {
	var out strings.Builder
	if host.Peek("", "Namespace", "", namespace) == nil {
		return "", fmt.Errorf("KubeFed system namespace %q does not exist: namespaces %q not found", namespace, namespace)
	}
	ftc, err := v1beta1.FTCFromObject(res.TypeConfig)
	if err != nil {
		return "", err
	}
	name := ftc.Metadata.Name
	if existing := host.Peek(v1beta1.Group, "FederatedTypeConfig", namespace, name); existing != nil {
		ex, err := v1beta1.FTCFromObject(existing)
		if err == nil {
			v1beta1.SetFederatedTypeConfigDefaults(ex)
			ft, nt := ex.GetFederatedType(), ftc.GetFederatedType()
			if ft.Name != nt.Name || ft.Version != nt.Version || ft.Group != nt.Group {
				//lint:ignore ST1005 upstream's exact message
				return "", fmt.Errorf("Federation is already enabled for %q with federated type %q. Changing the federated type to %q is not supported.",
					qualifiedAPIResourceName(ex.GetTargetType()), qualifiedAPIResourceName(ft), qualifiedAPIResourceName(nt))
			}
		}
	}
	crdName := res.CRD.Name()
	if _, ok := host.KindFor(res.CRD.Group, res.CRD.Kind); !ok {
		if !dryRun {
			host.RegisterCRD(res.CRD)
		}
		fmt.Fprintf(&out, "customresourcedefinition.apiextensions.k8s.io/%s created\n", crdName)
	} else {
		for _, o := range host.List(v1beta1.Group, "FederatedTypeConfig", namespace) {
			other, err := v1beta1.FTCFromObject(o)
			if err != nil {
				continue
			}
			v1beta1.SetFederatedTypeConfigDefaults(other)
			if IsEquivalentAPI(&other.Spec.TargetType, &ftc.Spec.TargetType) {
				//lint:ignore ST1005 upstream's exact message
				return out.String(), fmt.Errorf("Failed to enable %q. Federation of this type is already enabled for equivalent type %q by FederatedTypeConfig %q",
					qualifiedAPIResourceName(ftc.GetTargetType()), qualifiedAPIResourceName(other.GetTargetType()), namespace+"/"+other.Metadata.Name)
			}
			if other.Metadata.Name == name {
				continue
			}
			ofn := groupQualified(other.Spec.FederatedType.PluralName, other.Spec.FederatedType.Group)
			if ofn == crdName {
				//lint:ignore ST1005 upstream's exact message
				return out.String(), fmt.Errorf("Failed to enable federation of %q due to the FederatedTypeConfig for %q already referencing a federated type CRD named %q. If these target types are distinct despite sharing the same kind, specifying a non-default --federated-group should allow %q to be enabled.",
					name, other.Metadata.Name, ofn, name)
			}
		}
		if !dryRun {
			host.RegisterCRD(res.CRD)
		}
		fmt.Fprintf(&out, "customresourcedefinition.apiextensions.k8s.io/%s updated\n", crdName)
	}
	verb := "created"
	obj := u.DeepCopyMap(res.TypeConfig)
	u.SetNamespace(obj, namespace)
	if existing := host.Peek(v1beta1.Group, "FederatedTypeConfig", namespace, name); existing == nil {
		if !dryRun {
			if _, err := host.Create(obj); err != nil {
				//lint:ignore ST1005 upstream's exact message
				return out.String(), fmt.Errorf("Error creating FederatedTypeConfig %q: %v", name, err)
			}
		}
	} else {
		verb = "updated"
		if !dryRun {
			if err := updateTypeConfig(host, rel, existing, obj["spec"]); err != nil {
				//lint:ignore ST1005 upstream's exact message
				return out.String(), fmt.Errorf("Error updating FederatedTypeConfig %q: %w", name, err)
			}
		}
	}
	fmt.Fprintf(&out, "federatedtypeconfig.core.kubefed.io/%s %s in namespace %s\n", name, verb, namespace)
	return out.String(), nil
}

// updateTypeConfig gives the FTC enable read (existing, a stored snapshot)
// the generated spec. From v0.8.0 (PR #1409) it is a JSON merge patch of the
// spec, with no resourceVersion; before, the FTC read is sent back with its
// spec replaced, so a version written since answers Conflict.
func updateTypeConfig(host *store.Store, rel release.Release, existing map[string]any, spec any) error {
	if rel.Has(release.KubefedctlPatch) {
		_, err := host.MergePatch(v1beta1.Group, "FederatedTypeConfig", u.GetNamespace(existing), u.GetName(existing),
			map[string]any{"spec": spec})
		return err
	}
	obj := u.DeepCopyMap(existing)
	obj["spec"] = u.DeepCopy(spec)
	_, err := host.Update(obj)
	return err
}

type gv struct{ group, version string }

var equivalentAPIs = map[string][]gv{
	"deployments":         {{"apps", "v1"}, {"apps", "v1beta1"}, {"apps", "v1beta2"}, {"extensions", "v1beta1"}},
	"daemonsets":          {{"apps", "v1"}, {"apps", "v1beta1"}, {"apps", "v1beta2"}, {"extensions", "v1beta1"}},
	"statefulsets":        {{"apps", "v1"}, {"apps", "v1beta1"}, {"apps", "v1beta2"}},
	"replicasets":         {{"apps", "v1"}, {"apps", "v1beta1"}, {"apps", "v1beta2"}, {"extensions", "v1beta1"}},
	"networkpolicies":     {{"networking.k8s.io", "v1"}, {"extensions", "v1beta1"}},
	"podsecuritypolicies": {{"policy", "v1beta1"}, {"extensions", "v1beta1"}},
	"ingresses":           {{"networking.k8s.io", "v1beta1"}, {"extensions", "v1beta1"}},
}

// IsEquivalentAPI reports that newAPI is a deprecated equivalent of existing.
func IsEquivalentAPI(existing, newAPI *v1beta1.APIResource) bool {
	if existing.PluralName != newAPI.PluralName {
		return false
	}
	for _, g := range equivalentAPIs[existing.PluralName] {
		if g.group == existing.Group && g.version == existing.Version {
			continue
		}
		if g.group == newAPI.Group && g.version == newAPI.Version {
			return true
		}
	}
	return false
}

// Env is what disable needs from the control plane: the host API and a way
// to let virtual time pass while it polls.
type Env interface {
	HostStore() *store.Store
	Advance(d time.Duration) int
}
