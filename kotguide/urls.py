from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path

from kotguide.site import offline, seo
from kotguide.site import views as site_views

urlpatterns = [
    path("sitemap.xml", seo.sitemap, name="sitemap"),
    path("robots.txt", seo.robots_txt, name="robots"),
    path("sw.js", offline.service_worker, name="service-worker"),  # at the root: its scope is the whole site
]
urlpatterns += i18n_patterns(
    path("", include("kotguide.site.urls")),
    path("", include("kotguide.rules.urls")),
    path("", include("kotguide.cards.urls")),
    path("", include("kotguide.components.urls")),
    path("", include("kotguide.monsters.urls")),
    path("", include("kotguide.search.urls")),
    path("", include("kotguide.sandbox.urls")),
    path("", include("kotguide.disputes.urls")),
    path("", include("kotguide.follow.urls")),
    path("", include("kotguide.learn.urls")),
    path("", include("kotguide.practice.urls")),
    prefix_default_language=True,
)

handler400 = site_views.bad_request
handler403 = site_views.bad_request
handler404 = site_views.not_found
handler500 = site_views.server_error
