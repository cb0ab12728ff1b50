"""Every table, imported in one place for Alembic and for tests that build schemas."""

from masthead.articles import models as article_models  # noqa: F401 (tables)
from masthead.billing.api import (  # noqa: F401 (tables)
    BillingCustomer,
    BillingDiscount,
    BillingPlan,
    BillingSubscription,
    StepUpChange,
)
from masthead.braintree_sandbox import models as payment_sandbox_models  # noqa: F401 (tables)
from masthead.comments import models as comment_models  # noqa: F401 (tables)
from masthead.comments.cached_pages import models as kept_page_models  # noqa: F401 (tables)
from masthead.db import Base
from masthead.decisions import models as decision_models  # noqa: F401 (tables)
from masthead.feedback import models as feedback_models  # noqa: F401 (tables)
from masthead.identity.handoff import models as handoff_models  # noqa: F401 (tables)
from masthead.identity.models import AuthSession, HomeDelivery, OneTimeToken, Profile, User
from masthead.identity.social import models as social_models  # noqa: F401 (tables)
from masthead.jobs.models import OutboxJob
from masthead.mail.models import DeliveredMail
from masthead.member_events import models as member_event_models  # noqa: F401 (tables)
from masthead.moderation import models as moderation_models  # noqa: F401 (tables)
from masthead.newsletters import models as newsletter_models  # noqa: F401 (tables)
from masthead.referrals import models as referral_models  # noqa: F401 (registers its tables)
from masthead.site.static_pages import models as static_page_models  # noqa: F401 (tables)
from masthead.sms_outbox import models as dev_text_models  # noqa: F401 (tables)
from masthead.staff import models as staff_models  # noqa: F401 (tables)
from masthead.texts import models as text_alert_models  # noqa: F401 (tables)

__all__ = [
    "AuthSession",
    "Base",
    "DeliveredMail",
    "HomeDelivery",
    "OneTimeToken",
    "OutboxJob",
    "Profile",
    "User",
]
