"""voidref: exact combat rules for a family of sci-fi tabletop RPGs.

One sub-package per game system:

* :mod:`voidref.drifters` -- Void Drifters (the headline system)
* :mod:`voidref.pirates` -- Void Pirates (NOVACore, 3d6 against a TN)
* :mod:`voidref.upper_hand` -- Upper Hand ship engagements
* :mod:`voidref.cantor` -- Cantor tactics attack resolution
* :mod:`voidref.twodice` -- 2D fighting

What every system needs lives here at the top: :mod:`voidref.exact` (exact
distributions as fractions) and :mod:`voidref.errors` (argument checks).
"""

from voidref.errors import RulesError
from voidref.exact import Dist

__all__ = ["RulesError", "Dist", "__version__"]

__version__ = "0.1.0"
