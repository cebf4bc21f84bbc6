from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from kotguide.site import views as site_views

urlpatterns = i18n_patterns(
    path("", include("kotguide.site.urls")),
    path("", include("kotguide.rules.urls")),
    prefix_default_language=True,
)

handler400 = site_views.bad_request
handler403 = site_views.bad_request
handler404 = site_views.not_found
handler500 = site_views.server_error
