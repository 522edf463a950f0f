package kubefedctl

import (
	"fmt"
	"strings"
	"time"

	v1beta1 "github.com/kubexplorer/kubexplorer/core/kubefed/apis/core/v1beta1"
	"github.com/kubexplorer/kubexplorer/core/kubefed/release"
	"github.com/kubexplorer/kubexplorer/core/kubefed/store"
	u "github.com/kubexplorer/kubexplorer/core/kubefed/unstructured"
)

// DisableOptions are kubefedctl disable's arguments.
type DisableOptions struct {
	Name             string `json:"name"`
	DeleteCRD        bool   `json:"deleteCRD,omitempty"`
	TargetVersion    string `json:"version,omitempty"`
	FederatedGroup   string `json:"federatedGroup,omitempty"`
	DryRun           bool   `json:"dryRun,omitempty"`
	KubeFedNamespace string `json:"kubefedNamespace,omitempty"`

	// Release and Log are as in EnableOptions.
	Release release.Release `json:"-"`
	Log     Logf            `json:"-"`
}

// Disable runs kubefedctl disable: set propagation Disabled, poll every
// 100ms (up to 10s of virtual time) until status.propagationController is
// NotRunning, optionally delete the federated CRD, then delete the FTC.
func Disable(env Env, o DisableOptions) (string, error) {
	host := env.HostStore()
	var out strings.Builder
	if o.KubeFedNamespace == "" {
		o.KubeFedNamespace = v1beta1.DefaultKubeFedNamespace
	}
	if !o.DeleteCRD {
		if o.TargetVersion != "" {
			return "", fmt.Errorf("--version flag valid only with --delete-crd")
		}
		if o.FederatedGroup != "" && o.FederatedGroup != DefaultFederatedGroup {
			return "", fmt.Errorf("--kubefed-group flag valid only with --delete-crd")
		}
	}
	name := o.Name
	if name == "" {
		return "", fmt.Errorf("NAME is required")
	}
	// A NAME with a "." is taken as the FTC name as is, so that an FTC
	// whose target type is gone can still be removed. Otherwise discovery
	// resolves it, always at the preferred version: --version only matters
	// for generating the type config below.
	if !strings.Contains(name, ".") {
		r, err := LookupAPIResource(host, name, "", o.Release, o.Log)
		if err != nil {
			return "", err
		}
		name = groupQualified(r.name, r.group)
	}
	key := o.KubeFedNamespace + "/" + name
	obj := host.Peek(v1beta1.Group, "FederatedTypeConfig", o.KubeFedNamespace, name)
	if obj == nil {
		fmt.Fprintf(&out, "FederatedTypeConfig %q does not exist\n", key)
	}
	if o.DryRun {
		return out.String(), nil
	}
	var fed federatedType
	if obj != nil {
		ftc, err := v1beta1.FTCFromObject(obj)
		if err != nil {
			return out.String(), err
		}
		v1beta1.SetFederatedTypeConfigDefaults(ftc)
		fed = federatedType{group: ftc.Spec.FederatedType.Group, kind: ftc.Spec.FederatedType.Kind,
			crdName: groupQualified(ftc.Spec.FederatedType.PluralName, ftc.Spec.FederatedType.Group)}
		if o.DeleteCRD {
			if err := fed.checkNoInstances(host); err != nil {
				return out.String(), err
			}
		}
		if ftc.GetPropagationEnabled() {
			if err := disablePropagation(host, o.Release, obj, key); err != nil {
				return out.String(), err
			}
			fmt.Fprintf(&out, "Disabled propagation for FederatedTypeConfig %q\n", key)
		}
		fmt.Fprintf(&out, "Verifying propagation controller is stopped for FederatedTypeConfig %q\n", key)
		stopped := false
		for waited := time.Duration(0); ; waited += 100 * time.Millisecond {
			cur := host.Peek(v1beta1.Group, "FederatedTypeConfig", o.KubeFedNamespace, name)
			if cur != nil && u.NestedString(cur, "status", "propagationController") == string(v1beta1.ControllerStatusNotRunning) {
				stopped = true
				break
			}
			if waited >= 10*time.Second {
				break
			}
			env.Advance(100 * time.Millisecond)
		}
		if !stopped {
			// Upstream wraps the poll's error and also formats it into the
			// message, so its text appears twice.
			const timeout = "timed out waiting for the condition"
			//lint:ignore ST1005 upstream's exact message
			return out.String(), fmt.Errorf("Unable to verify propagation controller for FederatedTypeConfig %q is stopped: %s: %s", key, timeout, timeout)
		}
		fmt.Fprintf(&out, "Propagation controller for FederatedTypeConfig %q is stopped\n", key)
	}
	if o.DeleteCRD {
		if obj == nil {
			// Without an FTC the federated type is the one enable would
			// generate for NAME (generatedFederatedTypeConfig): looked up
			// with --version, named with --federated-group.
			res, err := GetResources(host, &EnableOptions{Name: name, TargetVersion: o.TargetVersion, FederatedGroup: o.FederatedGroup,
				Release: o.Release, Log: o.Log})
			if err != nil {
				return out.String(), err
			}
			fed = federatedType{group: res.CRD.Group, kind: res.CRD.Kind, crdName: res.CRD.Name()}
		}
		// deleteFederatedType checks for instances again: some may have
		// been created while disable waited.
		if err := fed.checkNoInstances(host); err != nil {
			return out.String(), err
		}
		if _, ok := host.KindFor(fed.group, fed.kind); ok {
			host.Unregister(storeGK(fed.group, fed.kind))
			fmt.Fprintf(&out, "customresourcedefinition %q deleted\n", fed.crdName)
		} else {
			fmt.Fprintf(&out, "customresourcedefinition %q does not exist\n", fed.crdName)
		}
	}
	if obj != nil {
		if err := host.Delete(v1beta1.Group, "FederatedTypeConfig", o.KubeFedNamespace, name); err != nil {
			return out.String(), err
		}
		fmt.Fprintf(&out, "federatedtypeconfig %q deleted\n", key)
	}
	return out.String(), nil
}

// disablePropagation sets spec.propagation Disabled on the FTC disable
// read at its start (read, a stored snapshot). From v0.8.0 (PR #1409) it is
// a merge patch of that one field, which applies to whatever version the
// host holds; before, the FTC read is sent back as an update, so a version
// written since (by the FTC controller's status, say) answers Conflict.
// Every release wraps the failure with the FTC's namespace/name.
func disablePropagation(host *store.Store, rel release.Release, read map[string]any, key string) error {
	var err error
	if rel.Has(release.KubefedctlPatch) {
		_, err = host.MergePatch(v1beta1.Group, "FederatedTypeConfig", u.GetNamespace(read), u.GetName(read),
			map[string]any{"spec": map[string]any{"propagation": string(v1beta1.PropagationDisabled)}})
	} else {
		obj := u.DeepCopyMap(read)
		u.SetNested(obj, string(v1beta1.PropagationDisabled), "spec", "propagation")
		_, err = host.Update(obj)
	}
	if err != nil {
		//lint:ignore ST1005 upstream's exact message
		return fmt.Errorf("Error disabling propagation for FederatedTypeConfig %q: %w", key, err)
	}
	return nil
}

// federatedType is the federated CRD disable may delete.
type federatedType struct{ group, kind, crdName string }

// checkNoInstances refuses to delete a CRD that still has objects (a type
// that is not served has none).
func (f federatedType) checkNoInstances(host *store.Store) error {
	if host.Count(f.group, f.kind) > 0 {
		//lint:ignore ST1005 upstream's exact message
		return fmt.Errorf("Cannot delete CRD %q while resource instances exist. Please try kubefedctl disable again after removing the resource instances or without the '--delete-crd' option", f.crdName)
	}
	return nil
}

func storeGK(group, kind string) store.GroupKind { return store.GroupKind{Group: group, Kind: kind} }
